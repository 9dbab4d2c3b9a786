// spec §4 "Plan display", as pure text rules the dialog and pages share.
import { t } from '../../lib/i18n/i18n';
import { formatPrice } from '../../lib/format';
import type { SubscriptionStatus } from '@shared/contract/billing';

export interface PlanDisplay {
  name: string;
  badge: 'Trial' | 'Active';
  detail: string;
}

export function describePlan(status: Pick<SubscriptionStatus, 'subscriptionActive' | 'trialDaysLeft'>): PlanDisplay {
  if (status.subscriptionActive) return { name: t('plan.premium'), badge: 'Active', detail: t('price.perMonth', { price: formatPrice() }) };
  return { name: t('plan.trial'), badge: 'Trial', detail: t('plan.daysRemaining', { days: status.trialDaysLeft ?? 0 }) };
}


