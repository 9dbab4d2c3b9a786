// The 'Set Your Business Name' dialog (spec §2, §5): opened by the PDF export when no business
// name is set; the export carries on from onSaved.
import { t } from '../../lib/i18n/i18n';
import type { User } from '@shared/contract/auth';
import { Dialog } from '../../components/ui/dialog';
import { Button } from '../../components/ui/button';
import { useCurrentUser } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { BusinessNameForm } from './business-name-form';

export interface SetBusinessNameDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the updated user once the name is saved (the PDF export carries on from here). */
  onSaved?: (user: User) => void;
}

export function SetBusinessNameDialog({ open, onOpenChange, onSaved }: SetBusinessNameDialogProps) {
  const { data: user } = useCurrentUser();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('setBusinessName.title')} description={t('setBusinessName.description')}>
      <BusinessNameForm
        initialName={user?.businessName ?? ''}
        method="PATCH"
        autoFocus
        emptyMessage={t('businessName.enter')}
        emptyToast={{ title: t('businessName.required'), description: t('businessName.enter') }}
        onSaved={(updated) => {
          toast({ title: t('businessName.updated'), description: t('businessName.updatedText', { name: updated.businessName ?? '' }) });
          onOpenChange(false);
          onSaved?.(updated);
        }}
        secondaryAction={
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
        }
      />
    </Dialog>
  );
}
