import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DAY_MS, TRIAL_DAYS } from '../../shared/rules.js';
import { computeSubscriptionStatus, countDaysLeft, type StatusSubscription } from './subscription-status.js';

/** Stripe mode with a Stripe subscription: the status follows Stripe's own vocabulary. */
const statusOf = (user: { trialEndsAt: Date }, subscription: StatusSubscription | null, at: Date) =>
  computeSubscriptionStatus(user, subscription, at, 'stripe');

const HOUR_MS = 60 * 60 * 1000;
const now = new Date('2026-11-22T10:00:00.000Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
const userWithTrialEnding = (offsetMs: number) => ({ trialEndsAt: at(offsetMs) });
const expiredTrialUser = userWithTrialEnding(-DAY_MS);
const active = (overrides: Partial<StatusSubscription> = {}): StatusSubscription => ({
  provider: 'stripe',
  status: 'active',
  currentPeriodEnd: at(20 * DAY_MS),
  cancelAtPeriodEnd: false,
  ...overrides,
});

describe('trial', () => {
  it('gives a new account the whole 14 days and access, with no next billing date', () => {
    const status = statusOf(userWithTrialEnding(TRIAL_DAYS * DAY_MS), null, now);
    expect(status).toMatchObject({
      trialActive: true,
      trialDaysLeft: 14,
      hasAccess: true,
      subscriptionActive: false,
      nextBillingDate: 'Unknown',
      nextBillingAt: null,
      accessBlockedReason: null,
    });
    expect(status.trialEndsAt).toBe(at(TRIAL_DAYS * DAY_MS).toISOString());
  });

  it.each([
    [DAY_MS + 1, 2],
    [DAY_MS, 1],
    [DAY_MS - 1, 1],
    [3 * HOUR_MS, 1],
    [1, 1],
  ])('counts a started day as a day at the boundary (%d ms left -> %d days)', (msLeft, days) => {
    expect(statusOf(userWithTrialEnding(msLeft), null, now).trialDaysLeft).toBe(days);
  });

  it('keeps a trial ending later today active with 1 day left', () => {
    const status = statusOf(userWithTrialEnding(5 * HOUR_MS), null, now);
    expect(status).toMatchObject({ trialActive: true, trialDaysLeft: 1, hasAccess: true });
  });

  it('ends the trial at its exact end instant: 0 days, no access, reason trial_ended', () => {
    const status = statusOf(userWithTrialEnding(0), null, now);
    expect(status).toMatchObject({ trialActive: false, trialDaysLeft: 0, hasAccess: false, accessBlockedReason: 'trial_ended' });
  });

  it('never reports negative days for a long-expired trial', () => {
    expect(statusOf(userWithTrialEnding(-40 * DAY_MS), null, now).trialDaysLeft).toBe(0);
  });

  it('an unpaid (incomplete) subscription does not end or replace the trial', () => {
    const status = statusOf(userWithTrialEnding(3 * DAY_MS), active({ status: 'incomplete', currentPeriodEnd: null }), now);
    expect(status).toMatchObject({ trialActive: true, subscriptionActive: false, hasAccess: true, status: 'incomplete' });
  });
});

describe('paid subscription', () => {
  it('is active with the period end as next billing date, even after the trial', () => {
    const status = statusOf(expiredTrialUser, active({ currentPeriodEnd: new Date('2026-12-22T10:00:00Z') }), now);
    expect(status).toMatchObject({
      subscriptionActive: true,
      hasAccess: true,
      trialActive: false,
      nextBillingDate: 'December 22, 2026',
      nextBillingAt: '2026-12-22T10:00:00.000Z',
      cancelAtPeriodEnd: false,
      accessEndsAt: null,
    });
  });

  it("shows 'Unknown' as next billing date when the period end is missing", () => {
    expect(statusOf(expiredTrialUser, active({ currentPeriodEnd: null }), now)).toMatchObject({
      subscriptionActive: true,
      nextBillingDate: 'Unknown',
      nextBillingAt: null,
    });
  });

  it('keeps access when cancelled, until the paid period ends, and bills nothing more', () => {
    const periodEnd = 5 * DAY_MS;
    const cancelled = active({ cancelAtPeriodEnd: true, currentPeriodEnd: at(periodEnd) });
    const inside = statusOf(expiredTrialUser, cancelled, now);
    expect(inside).toMatchObject({
      subscriptionActive: true,
      hasAccess: true,
      cancelAtPeriodEnd: true,
      nextBillingDate: 'Unknown',
      nextBillingAt: null,
      accessEndsAt: at(periodEnd).toISOString(),
    });
    const oneMsBefore = statusOf(expiredTrialUser, cancelled, at(periodEnd - 1));
    expect(oneMsBefore.hasAccess).toBe(true);
    const atEnd = statusOf(expiredTrialUser, cancelled, at(periodEnd));
    expect(atEnd).toMatchObject({ subscriptionActive: false, hasAccess: false, accessBlockedReason: 'trial_ended' });
  });

  it('a subscription Stripe already marked canceled keeps access only inside the paid period', () => {
    const canceled = active({ status: 'canceled', currentPeriodEnd: at(2 * DAY_MS) });
    expect(statusOf(expiredTrialUser, canceled, now)).toMatchObject({ subscriptionActive: true, hasAccess: true, cancelAtPeriodEnd: true });
    expect(statusOf(expiredTrialUser, canceled, at(2 * DAY_MS))).toMatchObject({ subscriptionActive: false, hasAccess: false });
    expect(statusOf(expiredTrialUser, active({ status: 'canceled', currentPeriodEnd: null }), now).hasAccess).toBe(false);
  });

  it.each(['past_due', 'unpaid'])('a lapsed payment (%s) means no access, even with trial days on the calendar', (lapsed) => {
    const status = statusOf(userWithTrialEnding(5 * DAY_MS), active({ status: lapsed }), now);
    expect(status).toMatchObject({
      subscriptionActive: false,
      trialActive: false,
      hasAccess: false,
      accessBlockedReason: 'payment_failed',
      nextBillingDate: 'Unknown',
    });
  });

  it.each(['incomplete', 'incomplete_expired', 'paused'])('%s gives no paid access once the trial is over', (state) => {
    expect(statusOf(expiredTrialUser, active({ status: state }), now)).toMatchObject({ subscriptionActive: false, hasAccess: false });
  });
});

describe('invariants', () => {
  const statuses = ['active', 'trialing', 'incomplete', 'incomplete_expired', 'past_due', 'unpaid', 'canceled', 'paused'];
  it('hasAccess is exactly subscriptionActive or trialActive, and days left never go negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -60 * DAY_MS, max: 60 * DAY_MS }),
        fc.option(
          fc.record({
            status: fc.constantFrom(...statuses),
            periodOffset: fc.option(fc.integer({ min: -60 * DAY_MS, max: 60 * DAY_MS })),
            cancelAtPeriodEnd: fc.boolean(),
          }),
        ),
        (trialOffset, sub) => {
          const subscription = sub
            ? {
                provider: 'stripe' as const,
                status: sub.status,
                currentPeriodEnd: sub.periodOffset === null ? null : at(sub.periodOffset),
                cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
              }
            : null;
          const status = statusOf(userWithTrialEnding(trialOffset), subscription, now);
          expect(status.hasAccess).toBe(status.subscriptionActive || status.trialActive);
          expect(status.trialDaysLeft).toBeGreaterThanOrEqual(0);
          expect(status.accessBlockedReason === null).toBe(status.hasAccess);
        },
      ),
    );
  });

  it('countDaysLeft is 0 exactly when the end has passed', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10 * DAY_MS, max: 10 * DAY_MS }), (offset) => {
        expect(countDaysLeft(at(offset), now) === 0).toBe(offset <= 0);
      }),
    );
  });
});

describe('billing mode (the sandbox cannot give Pro away)', () => {
  const sandboxRow = (overrides: Partial<StatusSubscription> = {}) => active({ provider: 'sandbox', ...overrides });

  it('lets a sandbox subscription grant access in sandbox mode while its period runs', () => {
    expect(computeSubscriptionStatus(expiredTrialUser, sandboxRow(), now, 'sandbox')).toMatchObject({ subscriptionActive: true, hasAccess: true });
  });

  it.each(['stripe', 'none'] as const)('gives a sandbox subscription no access in %s mode: it is as if there were none', (mode) => {
    const status = computeSubscriptionStatus(expiredTrialUser, sandboxRow(), now, mode);
    expect(status).toMatchObject({ subscriptionActive: false, hasAccess: false, status: null, accessBlockedReason: 'trial_ended' });
    // A lapsed sandbox row must not block a trial either: it does not exist for this mode.
    expect(computeSubscriptionStatus(userWithTrialEnding(DAY_MS), sandboxRow({ status: 'past_due' }), now, mode).hasAccess).toBe(true);
  });

  it('ends a sandbox subscription at its period end even while it still says active', () => {
    expect(computeSubscriptionStatus(expiredTrialUser, sandboxRow({ currentPeriodEnd: at(-1) }), now, 'sandbox')).toMatchObject({
      subscriptionActive: false,
      hasAccess: false,
    });
    expect(computeSubscriptionStatus(expiredTrialUser, sandboxRow({ currentPeriodEnd: now }), now, 'sandbox').hasAccess).toBe(false);
    expect(computeSubscriptionStatus(expiredTrialUser, sandboxRow({ currentPeriodEnd: null }), now, 'sandbox').hasAccess).toBe(false);
  });

  it('keeps following Stripe for a Stripe subscription in any mode', () => {
    for (const mode of ['stripe', 'sandbox', 'none'] as const) {
      expect(computeSubscriptionStatus(expiredTrialUser, active({ currentPeriodEnd: null }), now, mode).subscriptionActive).toBe(true);
    }
  });
});
