import { useState, type FormEvent } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { BUSINESS_NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH, TRIAL_DAYS } from '@shared/rules';
import { RegisterBodySchema, type RegisterBody } from '@shared/contract/auth';
import { describedBy, fieldErrorCodesOf, fieldErrorTexts, type FieldErrors } from '../lib/form-errors';
import { FieldError } from '../components/ui/field-error';
import { useCurrentUser } from '../lib/auth';
import { useLogin, useRegister } from '../lib/sign-in';
import { toast } from '../lib/toast';
import { Button } from '../components/ui/button';
import { Input, Label } from '../components/ui/input';
import { CardPageShell } from '../components/card-page-shell';
import { ForgotPasswordPanel } from '../features/auth/forgot-password-panel';
import { usePageTitle } from '../lib/page-title';
import { useT } from '../lib/i18n/i18n';

/** /auth: sign-in, or registration with ?mode=register (spec §2). */
export default function AuthPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const { data: user } = useCurrentUser();
  // The URL is the one source of the mode, so links to /auth?mode=register and Back both work.
  const mode = new URLSearchParams(search).get('mode') === 'register' ? 'register' : 'login';
  const [showForgot, setShowForgot] = useState(false);
  usePageTitle(mode === 'register' ? 'register' : showForgot ? 'forgotPassword' : 'signIn');
  const t = useT();

  if (user) return <Redirect to="/" replace />;

  const switchMode = (next: 'login' | 'register') => {
    setShowForgot(false);
    navigate(next === 'register' ? '/auth?mode=register' : '/auth', { replace: true });
  };

  return (
    <CardPageShell narrow>
      {mode === 'login' && showForgot ? (
        <ForgotPasswordPanel onBack={() => setShowForgot(false)} />
      ) : mode === 'login' ? (
        <LoginForm onForgot={() => setShowForgot(true)} />
      ) : (
        <RegisterForm />
      )}
      {!showForgot && (
        <p className="mt-6 text-center text-sm text-slate-600">
          {mode === 'login' ? t('auth.noAccount') : t('auth.haveAccount')}{' '}
          <button
            type="button"
            className="min-h-11 font-semibold text-brand-700 hover:underline"
            onClick={() => switchMode(mode === 'login' ? 'register' : 'login')}
          >
            {mode === 'login' ? t('auth.startTrial') : t('auth.signInLink')}
          </button>
        </p>
      )}
      {/* A crew member who joined with a name only has no password to type here. */}
      {mode === 'login' && !showForgot && <p className="mt-3 text-center text-sm text-slate-600">{t('auth.crewSignIn')}</p>}
    </CardPageShell>
  );
}

function LoginForm({ onForgot }: { onForgot: () => void }) {
  const login = useLogin();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const t = useT();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ email, password }, { onSuccess: () => navigate('/') });
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold">{t('auth.signIn.title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('auth.signIn.lead')}</p>
      </div>
      <div>
        <Label htmlFor="login-email">{t('auth.email')}</Label>
        <Input id="login-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <div>
        <Label htmlFor="login-password">{t('auth.password')}</Label>
        <Input id="login-password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
        {login.isPending ? t('auth.signingIn') : t('auth.signIn.submit')}
      </Button>
      <button type="button" onClick={onForgot} className="block min-h-11 w-full text-center text-sm font-medium text-brand-700 hover:underline">
        {t('auth.forgot')}
      </button>
    </form>
  );
}

function RegisterForm() {
  const register = useRegister();
  const [, navigate] = useLocation();
  const [form, setForm] = useState<RegisterBody>({ email: '', password: '', confirmPassword: '', businessName: '' });
  const [errors, setErrors] = useState<FieldErrors<RegisterBody>>({});
  const t = useT();
  const update = (field: keyof RegisterBody) => (event: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  // The server's own schema (RegisterBodySchema): the same rules, said under each field.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const codes = fieldErrorCodesOf(RegisterBodySchema, form);
    const problems = fieldErrorTexts(codes);
    setErrors(problems);
    // spec §5: a mismatch is also told as 'Password Mismatch'.
    if (codes.confirmPassword === 'passwords_do_not_match')
      toast({ title: t('auth.passwordMismatch'), description: problems.confirmPassword, variant: 'destructive' });
    if (Object.keys(problems).length > 0) return;
    register.mutate(form, { onSuccess: () => navigate('/') });
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div>
        <h1 className="text-2xl font-bold">{t('auth.register.title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('auth.register.lead', { days: TRIAL_DAYS })}</p>
      </div>
      <div>
        <Label htmlFor="register-business">{t('auth.businessName')}</Label>
        <Input
          {...describedBy('register-business', errors.businessName)}
          autoComplete="organization"
          required
          maxLength={BUSINESS_NAME_MAX_LENGTH}
          value={form.businessName}
          onChange={update('businessName')}
        />
        <FieldError inputId="register-business" message={errors.businessName} />
      </div>
      <div>
        <Label htmlFor="register-email">{t('auth.email')}</Label>
        <Input {...describedBy('register-email', errors.email)} type="email" autoComplete="email" required value={form.email} onChange={update('email')} />
        <FieldError inputId="register-email" message={errors.email} />
      </div>
      <div>
        <Label htmlFor="register-password">{t('auth.password')}</Label>
        <Input
          {...describedBy('register-password', errors.password, 'register-password-hint')}
          type="password"
          autoComplete="new-password"
          required
          value={form.password}
          onChange={update('password')}
        />
        {errors.password === undefined ? (
          <p id="register-password-hint" className="mt-1 text-xs text-slate-500">
            {t('auth.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          </p>
        ) : (
          <FieldError inputId="register-password" message={errors.password} />
        )}
      </div>
      <div>
        <Label htmlFor="register-confirm">{t('auth.confirmPassword')}</Label>
        <Input
          {...describedBy('register-confirm', errors.confirmPassword)}
          type="password"
          autoComplete="new-password"
          required
          value={form.confirmPassword}
          onChange={update('confirmPassword')}
        />
        <FieldError inputId="register-confirm" message={errors.confirmPassword} />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={register.isPending}>
        {register.isPending ? t('auth.creatingAccount') : t('auth.createAccount')}
      </Button>
    </form>
  );
}
