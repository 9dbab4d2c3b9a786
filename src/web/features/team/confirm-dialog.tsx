// Asks once more before a change that cannot simply be taken back (deactivating, revoking).
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { t } from '../../lib/i18n/i18n';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmText: string;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({ open, title, description, confirmText, isPending, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !isPending && onClose()} title={title} description={description}>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={isPending}>
          {t('common.cancel')}
        </Button>
        <Button variant="destructive" onClick={onConfirm} disabled={isPending}>
          {confirmText}
        </Button>
      </div>
    </Dialog>
  );
}
