import { useState, type FormEvent } from 'react';
import { Lock } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { useT } from '../../lib/i18n/i18n';
import { useVerifyAdminPassword } from './admin-api';

/** spec §4, §5: locked until the shared password is verified; the button is disabled while the field is empty. */
export function AdminUnlockForm() {
  const verify = useVerifyAdminPassword();
  const t = useT();
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return;
    verify.mutate({ password }, { onError: () => setPassword('') });
  };

  return (
    <form onSubmit={submit} className="mx-auto w-full max-w-sm space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-col items-center text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Lock className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-3 text-2xl font-bold">{t('admin.title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('admin.unlock.lead')}</p>
      </div>
      <div>
        <Label htmlFor="admin-password">{t('admin.unlock.password')}</Label>
        <Input
          id="admin-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoFocus
        />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={!password || verify.isPending}>
        {verify.isPending ? t('admin.unlock.checking') : t('admin.unlock.submit')}
      </Button>
    </form>
  );
}
