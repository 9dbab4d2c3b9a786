import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/i18n/error-text';
import { t } from '../../lib/i18n/i18n';
import { useCreateClient } from './api/clients-api';

/** Name, phone, email and address; the server checks them (a 400 names the field) and the form says why in the user's words. */
export function AddClientForm() {
  const [, navigate] = useLocation();
  const create = useCreateClient();
  const [fields, setFields] = useState({ name: '', phone: '', email: '', address: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: keyof typeof fields) => (event: { target: { value: string } }) => setFields((old) => ({ ...old, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    create.mutate(fields, {
      onSuccess: (client) => navigate(`/clients/${client.id}`),
      onError: (error) => setProblem(error instanceof ApiError ? errorText(error.serverCode, error.serverMessage) : t('clients.addFailed')),
    });
  };

  return (
    <form onSubmit={submit} className="mt-3 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2" aria-labelledby="add-client-heading">
      <h2 id="add-client-heading" className="text-lg font-semibold sm:col-span-2">
        {t('clients.add.title')}
      </h2>
      <div>
        <Label htmlFor="client-name">{t('clients.field.name')}</Label>
        <Input id="client-name" value={fields.name} onChange={set('name')} required maxLength={100} autoComplete="off" />
      </div>
      <div>
        <Label htmlFor="client-phone">{t('clients.field.phone')}</Label>
        <Input id="client-phone" type="tel" value={fields.phone} onChange={set('phone')} maxLength={40} autoComplete="off" />
      </div>
      <div>
        <Label htmlFor="client-email">{t('clients.field.email')}</Label>
        <Input id="client-email" type="email" value={fields.email} onChange={set('email')} maxLength={254} autoComplete="off" />
      </div>
      <div>
        <Label htmlFor="client-address">{t('clients.field.address')}</Label>
        <Input id="client-address" value={fields.address} onChange={set('address')} maxLength={500} autoComplete="off" />
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {problem}
        </p>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('clients.adding') : t('clients.add.submit')}
        </Button>
      </div>
    </form>
  );
}
