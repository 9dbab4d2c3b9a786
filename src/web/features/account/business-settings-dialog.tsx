// The Business Settings dialog from the header menu (spec §2): business name (PATCH, user caches
// refreshed) and the logo shown on PDF reports.
import { Link } from 'wouter';
import { Dialog } from '../../components/ui/dialog';
import { Button } from '../../components/ui/button';
import { useCurrentUser } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { BusinessNameForm } from '../account/business-name-form';
import { BusinessLogoField } from '../account/business-logo-field';

export function BusinessSettingsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { data: user } = useCurrentUser();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Business Settings" description="Your business name and logo appear on your PDF reports.">
      <div className="space-y-5">
        <BusinessNameForm
          initialName={user?.businessName ?? ''}
          method="PATCH"
          emptyMessage="Business name cannot be empty"
          emptyToast={{ title: 'Business Name Required', description: 'Please enter your business name.' }}
          onSaved={(updated) => toast({ title: 'Business Name Updated', description: `Your reports will show "${updated.businessName ?? ''}".` })}
        />
        <BusinessLogoField />
        <p className="text-sm text-slate-600">
          Your sign-in email and plan are in{' '}
          <Link href="/account" className="font-medium text-brand-700 underline underline-offset-2" onClick={() => onOpenChange(false)}>
            Account Settings
          </Link>
          .
        </p>
        <Button variant="secondary" className="w-full" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
