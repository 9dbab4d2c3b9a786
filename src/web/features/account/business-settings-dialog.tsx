// The Business Settings dialog from the header menu (spec §2): business name (PATCH, user caches
// refreshed) and the logo shown on PDF reports.
import { t } from '../../lib/i18n/i18n';
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
    <Dialog open={open} onOpenChange={onOpenChange} title={t('businessSettings.title')} description={t('businessSettings.description')}>
      <div className="space-y-5">
        <BusinessNameForm
          initialName={user?.businessName ?? ''}
          method="PATCH"
          emptyMessage={t('businessName.empty')}
          emptyToast={{ title: t('businessName.required'), description: t('businessName.enter') }}
          onSaved={(updated) => toast({ title: t('businessName.updated'), description: t('businessName.updatedText', { name: updated.businessName ?? '' }) })}
        />
        <BusinessLogoField />
        <p className="text-sm text-slate-600">
          {t('businessSettings.accountLinkBefore')}{' '}
          <Link href="/account" className="font-medium text-brand-700 underline underline-offset-2" onClick={() => onOpenChange(false)}>
            {t('businessSettings.accountLink')}
          </Link>
          .
        </p>
        <Button variant="secondary" className="w-full" onClick={() => onOpenChange(false)}>
          {t('common.close')}
        </Button>
      </div>
    </Dialog>
  );
}
