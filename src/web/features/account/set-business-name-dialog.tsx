// The 'Set Your Business Name' dialog (spec §2, §5): opened by the PDF export when no business
// name is set; the export carries on from onSaved.
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
    <Dialog open={open} onOpenChange={onOpenChange} title="Set Your Business Name" description="Your business name appears on your PDF reports.">
      <BusinessNameForm
        initialName={user?.businessName ?? ''}
        method="PATCH"
        autoFocus
        emptyMessage="Please enter your business name."
        emptyToast={{ title: 'Business Name Required', description: 'Please enter your business name.' }}
        onSaved={(updated) => {
          toast({ title: 'Business Name Updated', description: `Your reports will show "${updated.businessName ?? ''}".` });
          onOpenChange(false);
          onSaved?.(updated);
        }}
        secondaryAction={
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
        }
      />
    </Dialog>
  );
}
