import { useState, type FormEvent } from 'react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { BUSINESS_NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH, TRIAL_DAYS } from '@shared/rules';
import { RegisterBodySchema, type RegisterBody } from '@shared/contract/auth';
import { describedBy, fieldErrorsOf, type FieldErrors } from '../lib/form-errors';
import { FieldError } from '../components/ui/field-error';
import { useCurrentUser, useLogin, useRegister } from '../lib/auth';
import { toast } from '../lib/toast';
import { Button } from '../components/ui/button';
import { Input, Label } from '../components/ui/input';
import { BrandMark } from '../components/brand-mark';
import { ForgotPasswordPanel } from '../features/auth/forgot-password-panel';
import { usePageTitle } from '../lib/page-title';

/** /auth: sign-in, or registration with ?mode=register (spec §2). */
export default function AuthPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const { data: user } = useCurrentUser();
  // The URL is the one source of the mode, so links to /auth?mode=register and Back both work.
  const mode = new URLSearchParams(search).get('mode') === 'register' ? 'register' : 'login';
  const [showForgot, setShowForgot] = useState(false);
  usePageTitle(mode === 'register' ? 'register' : showForgot ? 'forgotPassword' : 'signIn');

  if (user) return <Redirect to="/" replace />;

  const switchMode = (next: 'login' | 'register') => {
    setShowForgot(false);
    navigate(next === 'register' ? '/auth?mode=register' : '/auth', { replace: true });
  };

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="mx-auto w-full max-w-5xl px-4 py-4">
        <Link href="/" aria-label="CleanProof home" className="inline-flex min-h-11 items-center">
          <BrandMark />
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-10 sm:items-center">
        <div className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          {mode === 'login' && showForgot ? (
            <ForgotPasswordPanel onBack={() => setShowForgot(false)} />
          ) : mode === 'login' ? (
            <LoginForm onForgot={() => setShowForgot(true)} />
          ) : (
            <RegisterForm />
          )}
          {!showForgot && (
            <p className="mt-6 text-center text-sm text-slate-600">
              {mode === 'login' ? "Don't have an account?" : 'Already have an account?'}{' '}
              <button type="button" className="min-h-11 font-semibold text-brand-700 hover:underline" onClick={() => switchMode(mode === 'login' ? 'register' : 'login')}>
                {mode === 'login' ? 'Start your free trial' : 'Sign in'}
              </button>
            </p>
          )}
        </div>
      </main>
    </div>
  );
}

function LoginForm({ onForgot }: { onForgot: () => void }) {
  const login = useLogin();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ email, password }, { onSuccess: () => navigate('/') });
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold">Sign in</h1>
        <p className="mt-1 text-sm text-slate-600">Welcome back. Sign in to your reports.</p>
      </div>
      <div>
        <Label htmlFor="login-email">Email</Label>
        <Input id="login-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <div>
        <Label htmlFor="login-password">Password</Label>
        <Input id="login-password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
      <button type="button" onClick={onForgot} className="block min-h-11 w-full text-center text-sm font-medium text-brand-700 hover:underline">
        Forgot your password?
      </button>
    </form>
  );
}

function RegisterForm() {
  const register = useRegister();
  const [, navigate] = useLocation();
  const [form, setForm] = useState<RegisterBody>({ email: '', password: '', confirmPassword: '', businessName: '' });
  const [errors, setErrors] = useState<FieldErrors<RegisterBody>>({});
  const update = (field: keyof RegisterBody) => (event: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  // The server's own schema (RegisterBodySchema): the same rules, said under each field.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = fieldErrorsOf(RegisterBodySchema, form);
    setErrors(problems);
    // spec §5: a mismatch is also told as 'Password Mismatch'.
    if (problems.confirmPassword === 'Passwords do not match') toast({ title: 'Password Mismatch', description: 'Passwords do not match', variant: 'destructive' });
    if (Object.keys(problems).length > 0) return;
    register.mutate(form, { onSuccess: () => navigate('/') });
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div>
        <h1 className="text-2xl font-bold">Create your account</h1>
        <p className="mt-1 text-sm text-slate-600">{TRIAL_DAYS}-day free trial. No credit card required.</p>
      </div>
      <div>
        <Label htmlFor="register-business">Business name</Label>
        <Input {...describedBy('register-business', errors.businessName)} autoComplete="organization" required maxLength={BUSINESS_NAME_MAX_LENGTH} value={form.businessName} onChange={update('businessName')} />
        <FieldError inputId="register-business" message={errors.businessName} />
      </div>
      <div>
        <Label htmlFor="register-email">Email</Label>
        <Input {...describedBy('register-email', errors.email)} type="email" autoComplete="email" required value={form.email} onChange={update('email')} />
        <FieldError inputId="register-email" message={errors.email} />
      </div>
      <div>
        <Label htmlFor="register-password">Password</Label>
        <Input {...describedBy('register-password', errors.password, 'register-password-hint')} type="password" autoComplete="new-password" required value={form.password} onChange={update('password')} />
        {errors.password === undefined ? (
          <p id="register-password-hint" className="mt-1 text-xs text-slate-500">
            At least {PASSWORD_MIN_LENGTH} characters
          </p>
        ) : (
          <FieldError inputId="register-password" message={errors.password} />
        )}
      </div>
      <div>
        <Label htmlFor="register-confirm">Confirm password</Label>
        <Input {...describedBy('register-confirm', errors.confirmPassword)} type="password" autoComplete="new-password" required value={form.confirmPassword} onChange={update('confirmPassword')} />
        <FieldError inputId="register-confirm" message={errors.confirmPassword} />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={register.isPending}>
        {register.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
