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
 * spec §3's nextBillingDate is display text: a UTC day in English ("December 22, 2026") or
 * 'Unknown'. English shows it as sent; another language shows that same UTC day in its words,
 * and its own word for a date not known.
 */
export function nextBillingText(nextBillingDate: string): string {
  if (currentLocale() === 'en') return nextBillingDate;
  const day = new Date(`${nextBillingDate} 00:00 UTC`);
  return Number.isNaN(day.getTime()) ? t('subscription.dateUnknown') : formatDate(day, 'long', 'UTC');
}
