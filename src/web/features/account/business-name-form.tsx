// The business-name form shared by the Business Settings dialog, the 'Set Your Business Name'
// dialog (PDF export) and /account. spec §5: trimmed, not empty, at most 50 characters.
import { t } from '../../lib/i18n/i18n';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { User } from '@shared/contract/auth';
import { BUSINESS_NAME_MAX_LENGTH } from '@shared/rules';
import { UpdateBusinessNameBodySchema } from '@shared/contract/account';
import { fieldErrorsOf } from '../../lib/form-errors';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { toast } from '../../lib/toast';
import { useUpdateBusinessName } from './use-update-business-name';

export interface BusinessNameFormProps {
  initialName: string;
  method: 'PATCH' | 'PUT';
  /** Shown under the field when the trimmed name is empty (nothing is sent). */
  emptyMessage: string;
  /** Also announce the empty name as a toast ('Business Name Required' in the set dialog). */
  emptyToast?: { title: string; description: string };
  submitLabel?: string;
  autoFocus?: boolean;
  onSaved: (user: User) => void;
  /** Extra buttons beside Save (e.g. Cancel). */
  secondaryAction?: ReactNode;
}

export function BusinessNameForm({ initialName, method, emptyMessage, emptyToast, submitLabel, autoFocus, onSaved, secondaryAction }: BusinessNameFormProps) {
  const [value, setValue] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateBusinessName(method);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The server's schema decides (trimmed, not empty, at most 50); an empty name has the screen's own words (spec §5).
    const name = value.trim();
    const problem = fieldErrorsOf(UpdateBusinessNameBodySchema, { businessName: value }).businessName;
    if (problem !== undefined && name.length === 0) {
      setError(emptyMessage);
      if (emptyToast) toast({ ...emptyToast, variant: 'destructive' });
      return;
    }
    if (problem !== undefined) return setError(problem);
    setError(null);
    update.mutate(name, {
      onSuccess: onSaved,
      onError: () => toast({ title: t('businessName.updateFailed'), description: t('businessName.updateFailedText'), variant: 'destructive' }),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <div>
        <Label htmlFor={inputId}>{t('auth.businessName')}</Label>
        <Input
          id={inputId}
          value={value}
          maxLength={BUSINESS_NAME_MAX_LENGTH}
          autoComplete="organization"
          autoFocus={autoFocus}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : `${inputId}-hint`}
          onChange={(event) => {
            setValue(event.target.value);
            if (error) setError(null);
          }}
        />
        {error ? (
          <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : (
          <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-500">
            {t('businessName.hint', { max: BUSINESS_NAME_MAX_LENGTH })}
          </p>
        )}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {secondaryAction}
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('common.saving') : (submitLabel ?? t('common.save'))}
        </Button>
      </div>
    </form>
  );
}
