// The header of every signed-in page, with its menu's dialogs handed in from here (pages compose
// features). The dialogs load when first opened, keeping them out of the first load.
import { lazy } from 'react';
import { AppHeader } from '../components/app-header';
import { withScreenWords } from '../lib/i18n/i18n';

const BusinessSettingsDialog = lazy(
  withScreenWords(() => import('../features/account/business-settings-dialog').then((m) => ({ default: m.BusinessSettingsDialog }))),
);
const SubscriptionSettingsDialog = lazy(
  withScreenWords(() => import('../features/subscription/subscription-settings-dialog').then((m) => ({ default: m.SubscriptionSettingsDialog }))),
);

export function SignedInHeader() {
  return (
    <AppHeader
      businessSettings={(props) => <BusinessSettingsDialog {...props} />}
      subscriptionSettings={(props) => <SubscriptionSettingsDialog {...props} />}
    />
  );
}
