// The one place that decides what a user's trial and subscription mean right now (spec §3, §4).
// Pure: (user, subscription, now) in, the status the API returns out. Everything that grants or
// refuses paid actions reads this.
import type { BillingMode, SubscriptionStatus } from '../../shared/contract/billing.js';
import { DAY_MS } from '../../shared/rules.js';

export interface StatusUser {
  trialEndsAt: Date;
}

export interface StatusSubscription {
  /** Who took the payment: Stripe, or the local test-mode sandbox. */
  provider: 'sandbox' | 'stripe';
  /** Stripe's vocabulary: incomplete, incomplete_expired, trialing, active, past_due, unpaid, canceled, paused. */
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** A renewal payment failed: no access until it is paid, whatever the trial dates say. */
const LAPSED_STATUSES = new Set(['past_due', 'unpaid']);
const PAYING_STATUSES = new Set(['active', 'trialing']);

/** Whole days left, counting a started day as a day: 3 hours left is 1 day, none left is 0. */
export function countDaysLeft(endsAt: Date, now: Date): number {
  const msLeft = endsAt.getTime() - now.getTime();
  return msLeft <= 0 ? 0 : Math.ceil(msLeft / DAY_MS);
}

/** 'December 22, 2026' (UTC: the server does not know the viewer's time zone). */
export function formatBillingDate(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/**
 * The subscription that counts under the billing mode in force: a sandbox row was
 * "paid" with a test card, so it means nothing once the sandbox is off (Stripe keys added, or the
 * sandbox switched off on a public server). Such a row is treated as no subscription at all.
 */
export function subscriptionInEffect<T extends StatusSubscription>(subscription: T | null, billingMode: BillingMode): T | null {
  if (subscription?.provider === 'sandbox' && billingMode !== 'sandbox') return null;
  return subscription;
}

/**
 * Paid access: an active subscription, or one cancelled whose paid period has not ended yet
 * (spec §4: cancelling keeps access until the end of the current billing period). A subscription
 * that is not Stripe's has no one to renew it but our own clock, so it counts only while its
 * period runs: never "active" for ever. Its SQL copy for the admin counts is
 * subscriptionInForce() in subscription-in-force.ts: change both together.
 */
function isPaidThrough(subscription: StatusSubscription, now: Date): boolean {
  const periodOver = subscription.currentPeriodEnd !== null && subscription.currentPeriodEnd.getTime() <= now.getTime();
  if (subscription.provider !== 'stripe' && (subscription.currentPeriodEnd === null || periodOver)) return false;
  if (PAYING_STATUSES.has(subscription.status)) return !(subscription.cancelAtPeriodEnd && periodOver);
  if (subscription.status === 'canceled') return subscription.currentPeriodEnd !== null && !periodOver;
  return false;
}

/** The status under `billingMode`; the subscription is the user's row, whichever provider it is with. */
export function computeSubscriptionStatus(
  user: StatusUser,
  userSubscription: StatusSubscription | null,
  now: Date,
  billingMode: BillingMode,
): SubscriptionStatus {
  const subscription = subscriptionInEffect(userSubscription, billingMode);
  const lapsed = subscription !== null && LAPSED_STATUSES.has(subscription.status);
  const subscriptionActive = subscription !== null && isPaidThrough(subscription, now);
  const trialActive = !lapsed && user.trialEndsAt.getTime() > now.getTime();
  const hasAccess = subscriptionActive || trialActive;
  const cancelling = subscriptionActive && subscription !== null && (subscription.cancelAtPeriodEnd || subscription.status === 'canceled');
  const renews = subscriptionActive && !cancelling && subscription?.currentPeriodEnd;

  return {
    subscriptionActive,
    trialActive,
    trialDaysLeft: countDaysLeft(user.trialEndsAt, now),
    trialEndsAt: user.trialEndsAt.toISOString(),
    nextBillingDate: renews ? formatBillingDate(renews) : 'Unknown',
    nextBillingAt: renews ? renews.toISOString() : null,
    hasAccess,
    status: subscription?.status ?? null,
    cancelAtPeriodEnd: cancelling,
    accessEndsAt: cancelling && subscription?.currentPeriodEnd ? subscription.currentPeriodEnd.toISOString() : null,
    accessBlockedReason: hasAccess ? null : lapsed ? 'payment_failed' : 'trial_ended',
  };
}

/** Less than this left of the trial and a new subscription is simply charged now. */
export const MIN_TRIAL_LEFT_TO_KEEP_MS = 60 * 60 * 1000;

/**
 * The trial end a subscription started now waits for before its first charge: subscribing during
 * the trial keeps the days left. Null when the trial is over (or nearly), or a payment failed.
 */
export function trialEndToKeep(user: StatusUser, status: Pick<SubscriptionStatus, 'trialActive'>, now: Date): Date | null {
  if (!status.trialActive) return null;
  return user.trialEndsAt.getTime() - now.getTime() >= MIN_TRIAL_LEFT_TO_KEEP_MS ? user.trialEndsAt : null;
}
