// spec §4 "Plan display", as pure text rules the dialog and pages share.
import type { SubscriptionStatus } from '@shared/contract/billing';
import { PRICE_PER_MONTH_TEXT } from '@shared/rules';

export interface PlanDisplay {
  name: 'Free Trial' | 'Premium Plan';
  badge: 'Trial' | 'Active';
  detail: string;
}

export function describePlan(status: Pick<SubscriptionStatus, 'subscriptionActive' | 'trialDaysLeft'>): PlanDisplay {
  if (status.subscriptionActive) return { name: 'Premium Plan', badge: 'Active', detail: PRICE_PER_MONTH_TEXT };
  return { name: 'Free Trial', badge: 'Trial', detail: `${status.trialDaysLeft ?? 0} days remaining` };
}

/** 'December 22, 2026' for an ISO date, in the viewer's locale rules but a fixed English format. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
