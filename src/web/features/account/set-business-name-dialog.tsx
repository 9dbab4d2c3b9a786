import type { User } from '@shared/contract/auth';

export interface SetBusinessNameDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the updated user once the name is saved (the PDF export carries on from here). */
  onSaved?: (user: User) => void;
}

// Placeholder until issue 5: the 'Set Your Business Name' dialog (PATCH /api/user/business-name).
export function SetBusinessNameDialog(_props: SetBusinessNameDialogProps) {
  return null;
}
