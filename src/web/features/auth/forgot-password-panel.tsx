import { t } from '../../lib/i18n/i18n';
import { errorText } from '../../lib/i18n/error-text';
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';

/** The 'Forgot your password?' panel of the sign-in screen (spec §2, §5, §8). */
export function ForgotPasswordPanel({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const send = useMutation({
    mutationFn: (value: string) => api.forgotPassword({ body: { email: value } }),
    onSuccess: (result) => toast({ title: t('forgot.sent'), description: errorText('reset_link_sent', result.message) }),
    onError: () => toast({ title: t('common.error'), description: t('forgot.failed'), variant: 'destructive' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      toast({ title: t('forgot.emailRequired'), description: t('forgot.enterEmail'), variant: 'destructive' });
      return;
    }
    send.mutate(email.trim());
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div>
        <h1 className="text-2xl font-bold">{t('forgot.title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('forgot.lead')}</p>
      </div>
      <div>
        <Label htmlFor="forgot-email">{t('auth.email')}</Label>
        <Input id="forgot-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      {send.isSuccess && (
        <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-900 ring-1 ring-brand-200 ring-inset">
          {errorText('reset_link_sent', send.data.message)} {t('forgot.spam')}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={send.isPending}>
        {send.isPending ? t('forgot.sending') : t('forgot.send')}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack}>
        {t('auth.backToLogin')}
      </Button>
    </form>
  );
}
