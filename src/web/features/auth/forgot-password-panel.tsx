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
    onSuccess: (result) => toast({ title: 'Reset Link Sent', description: result.message }),
    onError: () => toast({ title: 'Error', description: 'Failed to send reset link. Please try again.', variant: 'destructive' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      toast({ title: 'Email Required', description: 'Please enter your email address', variant: 'destructive' });
      return;
    }
    send.mutate(email.trim());
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div>
        <h1 className="text-2xl font-bold">Forgot your password?</h1>
        <p className="mt-1 text-sm text-slate-600">Enter your email and we'll send you a link to choose a new one.</p>
      </div>
      <div>
        <Label htmlFor="forgot-email">Email</Label>
        <Input id="forgot-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      {send.isSuccess && (
        <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-900 ring-1 ring-brand-200 ring-inset">
          {send.data.message} If it does not arrive, check your spam folder.
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send Reset Link'}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack}>
        Back to Login
      </Button>
    </form>
  );
}
