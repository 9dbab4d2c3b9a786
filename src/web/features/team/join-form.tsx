// /join/{token}: the new member's name (the inviter's suggestion filled in) and, if they want to sign
// in on other devices with a password too, an email and a password (both or neither). Checked with
// the schema the server uses; the server's refusals (an email that has an account) are said on the field.
import { useState, type FormEvent } from 'react';
import { MEMBER_NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shared/rules';
import { JoinBodySchema, type JoinBody } from '@shared/contract/team';
import { Button } from '../../components/ui/button';
import { FieldError } from '../../components/ui/field-error';
import { Input, Label } from '../../components/ui/input';
import { ApiError, isHandledByClient } from '../../lib/api-client';
import { failureReason } from '../../lib/api-errors';
import { describedBy, fieldErrorCodesOf, fieldErrorTexts, type FieldErrors } from '../../lib/form-errors';
import { errorText } from '../../lib/i18n/error-text';
import { t } from '../../lib/i18n/i18n';

interface JoinFields {
  name: string;
  email: string;
  password: string;
}

interface JoinFormProps {
  suggestedName: string | null;
  submitText: string;
  isPending: boolean;
  disabled: boolean;
  join: (body: JoinBody, onError: (error: unknown) => void) => void;
}

export function JoinForm({ suggestedName, submitText, isPending, disabled, join }: JoinFormProps) {
  const [fields, setFields] = useState<JoinFields>({ name: suggestedName ?? '', email: '', password: '' });
  const [withPassword, setWithPassword] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<JoinFields>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const set = (field: keyof JoinFields) => (event: { target: { value: string } }) => {
    setFields((old) => ({ ...old, [field]: event.target.value }));
    setErrors((old) => ({ ...old, [field]: undefined }));
  };

  const body = (): Record<string, string> => {
    const email = fields.email.trim();
    if (!withPassword || (email === '' && fields.password === '')) return { name: fields.name };
    return { name: fields.name, ...(email ? { email } : {}), ...(fields.password ? { password: fields.password } : {}) };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const values = body();
    const problems = fieldErrorTexts(fieldErrorCodesOf(JoinBodySchema, { name: '', email: undefined, password: undefined, ...values }));
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) return;
    join(JoinBodySchema.parse(values), (error) => {
      if (isHandledByClient(error)) return;
      if (error instanceof ApiError && error.serverCode === 'duplicate_email') setErrors({ email: errorText('duplicate_email', error.serverMessage) });
      else setProblem(failureReason(error));
    });
  };

  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-4">
      <div>
        <Label htmlFor="join-name">{t('join.name')}</Label>
        <Input
          {...describedBy('join-name', errors.name)}
          value={fields.name}
          onChange={set('name')}
          maxLength={MEMBER_NAME_MAX_LENGTH}
          autoComplete="name"
          required
        />
        <FieldError inputId="join-name" message={errors.name} />
      </div>
      <div className="rounded-xl border border-slate-200 p-3">
        <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            checked={withPassword}
            onChange={(event) => setWithPassword(event.target.checked)}
            aria-controls="join-password-fields"
            aria-describedby="join-with-password-hint"
            className="size-5 accent-brand-700"
          />
          {t('join.withPassword')}
        </label>
        <p id="join-with-password-hint" className="text-sm text-slate-600">
          {t('join.withPasswordHint')}
        </p>
        {withPassword && (
          <div id="join-password-fields" className="mt-3 space-y-3">
            <div>
              <Label htmlFor="join-email">{t('join.email')}</Label>
              <Input {...describedBy('join-email', errors.email)} type="email" value={fields.email} onChange={set('email')} autoComplete="email" />
              <FieldError inputId="join-email" message={errors.email} />
            </div>
            <div>
              <Label htmlFor="join-password">{t('join.password')}</Label>
              <Input
                {...describedBy('join-password', errors.password, 'join-password-hint')}
                type="password"
                value={fields.password}
                onChange={set('password')}
                autoComplete="new-password"
              />
              {!errors.password && (
                <p id="join-password-hint" className="mt-1 text-sm text-slate-600">
                  {t('join.passwordHint', { min: PASSWORD_MIN_LENGTH })}
                </p>
              )}
              <FieldError inputId="join-password" message={errors.password} />
            </div>
          </div>
        )}
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={disabled || isPending}>
        {isPending ? t('join.joining') : submitText}
      </Button>
    </form>
  );
}
