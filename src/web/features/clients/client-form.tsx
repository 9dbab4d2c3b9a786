// A client's name, phone, email and address: adding a client, and changing one. The server checks
// the fields (a 400 names the field) and the form says why in the user's words.
import { useId, useState, type FormEvent } from 'react';
import type { Client } from '@shared/contract/clients';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/i18n/error-text';
import { t } from '../../lib/i18n/i18n';

export interface ClientFields {
  name: string;
  phone: string;
  email: string;
  address: string;
}

interface ClientFormProps {
  heading: string;
  initial?: ClientFields;
  submitText: string;
  pendingText: string;
  failedText: string;
  isPending: boolean;
  save: (fields: ClientFields, handlers: { onSuccess: (client: Client) => void; onError: (error: unknown) => void }) => void;
  onSaved: (client: Client) => void;
  onCancel?: () => void;
}

const EMPTY: ClientFields = { name: '', phone: '', email: '', address: '' };

export function ClientForm({ heading, initial = EMPTY, submitText, pendingText, failedText, isPending, save, onSaved, onCancel }: ClientFormProps) {
  const id = useId();
  const [fields, setFields] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: keyof ClientFields) => (event: { target: { value: string } }) => setFields((old) => ({ ...old, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    save(fields, {
      onSuccess: onSaved,
      onError: (error) => setProblem(error instanceof ApiError ? errorText(error.serverCode, error.serverMessage) : failedText),
    });
  };

  return (
    <form onSubmit={submit} className="mt-3 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold sm:col-span-2">
        {heading}
      </h2>
      <div>
        <Label htmlFor={`${id}-name`}>{t('clients.field.name')}</Label>
        <Input id={`${id}-name`} value={fields.name} onChange={set('name')} required maxLength={100} autoComplete="off" />
      </div>
      <div>
        <Label htmlFor={`${id}-phone`}>{t('clients.field.phone')}</Label>
        <Input id={`${id}-phone`} type="tel" value={fields.phone} onChange={set('phone')} maxLength={40} autoComplete="off" />
      </div>
      <div>
        <Label htmlFor={`${id}-email`}>{t('clients.field.email')}</Label>
        <Input id={`${id}-email`} type="email" value={fields.email} onChange={set('email')} maxLength={254} autoComplete="off" />
      </div>
      <div>
        <Label htmlFor={`${id}-address`}>{t('clients.field.address')}</Label>
        <Input id={`${id}-address`} value={fields.address} onChange={set('address')} maxLength={500} autoComplete="off" />
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" disabled={isPending}>
          {isPending ? pendingText : submitText}
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel} disabled={isPending}>
            {t('common.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
