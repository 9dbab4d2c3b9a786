// spec §4 "Plan display", as pure text rules the dialog and pages share.
import { currentLocale, t } from '../../lib/i18n/i18n';
import { formatDate, formatPricePerMonth } from '../../lib/format';
import type { SubscriptionStatus } from '@shared/contract/billing';

export interface PlanDisplay {
  name: string;
  badge: 'Trial' | 'Active';
  detail: string;
}

export function describePlan(status: Pick<SubscriptionStatus, 'subscriptionActive' | 'trialDaysLeft'>): PlanDisplay {
  if (status.subscriptionActive) return { name: t('plan.premium'), badge: 'Active', detail: formatPricePerMonth() };
  return { name: t('plan.trial'), badge: 'Trial', detail: t('plan.daysRemaining', { days: status.trialDaysLeft ?? 0 }) };
}

/**
 * spec §3's nextBillingDate is display text (a UTC day in English, or 'Unknown'): English shows it
 * as sent; another language formats the same instant (nextBillingAt) as a UTC day in its words,
 * and says its own word for a date not known.
 */
export function nextBillingText(status: Pick<SubscriptionStatus, 'nextBillingDate' | 'nextBillingAt'>): string {
  if (currentLocale() === 'en') return status.nextBillingDate;
  return status.nextBillingAt ? formatDate(status.nextBillingAt, 'long', 'UTC') : t('subscription.dateUnknown');
}
