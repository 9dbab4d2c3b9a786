import { t } from '../lib/i18n/i18n';
import { errorText } from '../lib/i18n/error-text';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useMutation } from '@tanstack/react-query';
import { PASSWORD_MIN_LENGTH } from '@shared/rules';
import { NewPasswordFormSchema, type NewPasswordForm } from '@shared/contract/auth';
import { describedBy, fieldErrorCodesOf, fieldErrorTexts, type FieldErrors } from '../lib/form-errors';
import { FieldError } from '../components/ui/field-error';
import { api } from '../lib/api';
import { ApiError } from '../lib/api-client';
import { toast } from '../lib/toast';
import { Button } from '../components/ui/button';
import { Input, Label } from '../components/ui/input';
import { BrandMark } from '../components/brand-mark';
import { usePageTitle } from '../lib/page-title';

/** /reset-password?token=… (spec §2, §5, §8). */
export default function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token');
  const [, navigate] = useLocation();
  usePageTitle('resetPassword');
  const [form, setForm] = useState<NewPasswordForm>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<NewPasswordForm>>({});
  const update = (field: keyof NewPasswordForm) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  useEffect(() => {
    if (token) return;
    toast({ title: t('reset.invalidLink'), description: t('reset.noToken'), variant: 'destructive' });
    navigate('/auth', { replace: true });
  }, [token, navigate]);

  const reset = useMutation({
    mutationFn: (body: { token: string; password: string }) => api.resetPassword({ body }),
    onSuccess: (result) => {
      toast({ title: t('reset.success'), description: errorText('password_changed', result.message) });
      navigate('/auth');
    },
    onError: (error) => {
      if (error instanceof ApiError) toast({ title: t('reset.failed'), description: error.userMessage ?? t('reset.failedText'), variant: 'destructive' });
      else toast({ title: t('common.error'), description: t('reset.failedRetry'), variant: 'destructive' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // spec §5's rules, from the schema the server checks the new password with.
    const codes = fieldErrorCodesOf(NewPasswordFormSchema, form);
    const problems = fieldErrorTexts(codes);
    setErrors(problems);
    if (codes.confirmPassword === 'passwords_do_not_match')
      toast({ title: t('auth.passwordMismatch'), description: problems.confirmPassword, variant: 'destructive' });
    else if (problems.password) toast({ title: t('reset.tooShort'), description: problems.password, variant: 'destructive' });
    if (Object.keys(problems).length > 0) return;
    if (token) reset.mutate({ token, password: form.password });
  };

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="mx-auto w-full max-w-5xl px-4 py-4">
        <Link href="/" aria-label={t('brand.home')} className="inline-flex min-h-11 items-center">
          <BrandMark />
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-10 sm:items-center">
        <form onSubmit={submit} noValidate className="w-full max-w-sm space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <div>
            <h1 className="text-2xl font-bold">{t('reset.title')}</h1>
            <p className="mt-1 text-sm text-slate-600">{t('reset.lead', { min: PASSWORD_MIN_LENGTH })}</p>
          </div>
          <div>
            <Label htmlFor="reset-password">{t('reset.newPassword')}</Label>
            <Input
              {...describedBy('reset-password', errors.password)}
              type="password"
              autoComplete="new-password"
              value={form.password}
              onChange={update('password')}
            />
            <FieldError inputId="reset-password" message={errors.password} />
          </div>
          <div>
            <Label htmlFor="reset-confirm">{t('reset.confirm')}</Label>
            <Input
              {...describedBy('reset-confirm', errors.confirmPassword)}
              type="password"
              autoComplete="new-password"
              value={form.confirmPassword}
              onChange={update('confirmPassword')}
            />
            <FieldError inputId="reset-confirm" message={errors.confirmPassword} />
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={!token || reset.isPending}>
            {reset.isPending ? t('reset.resetting') : t('reset.submit')}
          </Button>
          <Link href="/auth" className="flex min-h-11 items-center justify-center rounded-lg text-sm font-medium text-slate-700 hover:bg-slate-100">
            {t('auth.backToLogin')}
          </Link>
        </form>
      </main>
    </div>
  );
}
