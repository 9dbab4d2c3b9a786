// /account 'Delete account': DELETE /api/user behind a typed confirmation (the account's email,
// typed out) and the password. Once deleted, this device signs out as Sign Out does and drops the
// account's waiting photos and edits; the app goes to its first page.
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Trash2 } from 'lucide-react';
import { DeleteAccountBodySchema } from '@shared/contract/account';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FieldError } from '../../components/ui/field-error';
import { Input, Label } from '../../components/ui/input';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { notifyFailure } from '../../lib/api-errors';
import { leaveDeletedAccount } from '../../lib/auth';
import { describedBy, fieldErrorsOf } from '../../lib/form-errors';
import { useT } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';

interface DeleteAccountProps {
  userId: number;
  email: string;
}

/** The typed email matches the account's, whatever the case and the spaces around it. */
const isSameEmail = (typed: string, email: string) => typed.trim().toLowerCase() === email.trim().toLowerCase();

export function DeleteAccount({ userId, email }: DeleteAccountProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-3">
      <p id="delete-account-hint" className="text-sm text-slate-600">
        {t('deleteAccount.hint')}
      </p>
      <Button variant="destructive" className="w-full sm:w-auto" aria-describedby="delete-account-hint" onClick={() => setOpen(true)}>
        <Trash2 className="size-4" aria-hidden="true" /> {t('deleteAccount.button')}
      </Button>
      {open && <DeleteAccountDialog userId={userId} email={email} onClose={() => setOpen(false)} />}
    </div>
  );
}

function DeleteAccountDialog({ userId, email, onClose }: DeleteAccountProps & { onClose: () => void }) {
  const t = useT();
  const [, navigate] = useLocation();
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ typed?: string; password?: string }>({});
  const [deleting, setDeleting] = useState(false);
  const typedId = useId();
  const passwordId = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      typed: isSameEmail(typed, email) ? undefined : t('deleteAccount.confirmMismatch'),
      password: fieldErrorsOf(DeleteAccountBodySchema, { password }).password,
    };
    setErrors(found);
    if (found.typed !== undefined || found.password !== undefined) return;
    setDeleting(true);
    try {
      await api.deleteAccount({ body: { password } });
    } catch (error) {
      setDeleting(false);
      // A wrong password, or too many of them: said under the field, where the person will retype it.
      if (error instanceof ApiError && (error.status === 403 || error.status === 429)) {
        setErrors({ password: error.userMessage ?? t('common.tryAgain') });
        return;
      }
      notifyFailure(error, t('deleteAccount.failed'));
      return;
    }
    await leaveDeletedAccount(userId);
    toast({ title: t('deleteAccount.done'), description: t('error.account_deleted') });
    navigate('/');
  };

  return (
    <Dialog open onOpenChange={(next) => !next && !deleting && onClose()} title={t('deleteAccount.dialogTitle')} description={t('deleteAccount.dialogText')}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        <div>
          <Label htmlFor={typedId}>{t('deleteAccount.confirmLabel', { email })}</Label>
          <Input
            {...describedBy(typedId, errors.typed)}
            type="email"
            value={typed}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            onChange={(event) => setTyped(event.target.value)}
          />
          <FieldError inputId={typedId} message={errors.typed} />
        </div>
        <div>
          <Label htmlFor={passwordId}>{t('deleteAccount.password')}</Label>
          <Input
            {...describedBy(passwordId, errors.password)}
            type="password"
            value={password}
            autoComplete="current-password"
            onChange={(event) => setPassword(event.target.value)}
          />
          <FieldError inputId={passwordId} message={errors.password} />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={deleting}>
            {t('deleteAccount.cancel')}
          </Button>
          <Button type="submit" variant="destructive" disabled={deleting}>
            {deleting ? t('deleteAccount.deleting') : t('deleteAccount.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
