// Sign Out with work still in the outbox: the photos and edits are not lost (they stay on this
// phone and go once the same person signs in here again), but a cleaner handing the phone back
// should know they have not reached the server.
import { Dialog } from './ui/dialog';
import { Button } from './ui/button';
import { t } from '../lib/i18n/i18n';

export default function SignOutWarning({ waiting, onCancel, onSignOut }: { waiting: number; onCancel: () => void; onSignOut: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()} title={t('signOut.waitingTitle')} description={t('signOut.waitingText', { count: waiting })}>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('signOut.stay')}
        </Button>
        <Button variant="destructive" onClick={onSignOut}>
          {t('signOut.anyway')}
        </Button>
      </div>
    </Dialog>
  );
}
