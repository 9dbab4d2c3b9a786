import { describe, expect, it } from 'vitest';
import { describePlan } from './plan-display';
import { checkTestCard, SANDBOX_DECLINED_CARD, SANDBOX_SUCCESS_CARD } from './test-card';

describe('plan display (spec §4)', () => {
  it('shows Free Trial with badge Trial and the days left while not subscribed', () => {
    expect(describePlan({ subscriptionActive: false, trialDaysLeft: 9 })).toEqual({ name: 'Free Trial', badge: 'Trial', detail: '9 days remaining' });
  });
  it('shows 0 days remaining when the count is missing', () => {
    expect(describePlan({ subscriptionActive: false, trialDaysLeft: undefined as unknown as number }).detail).toBe('0 days remaining');
  });
  it('shows Premium Plan with badge Active and the price once subscribed', () => {
    expect(describePlan({ subscriptionActive: true, trialDaysLeft: 0 })).toEqual({ name: 'Premium Plan', badge: 'Active', detail: '$4.99/month' });
  });
});

describe('sandbox test card check', () => {
  const today = new Date('2026-11-22T12:00:00Z');
  const card = (overrides: Partial<{ number: string; expiry: string; cvc: string }> = {}) => ({ number: SANDBOX_SUCCESS_CARD, expiry: '12 / 34', cvc: '123', ...overrides });

  it('accepts the success test card', () => {
    expect(checkTestCard(card(), today)).toBeNull();
  });
  it('declines the decline test card, like Stripe', () => {
    expect(checkTestCard(card({ number: SANDBOX_DECLINED_CARD }), today)).toBe('Your card was declined.');
  });
  it.each([
    [{ number: '4242 4242 4242 4241' }, 'Your card number is invalid.'],
    [{ number: '42' }, 'Your card number is invalid.'],
    [{ expiry: '13 / 30' }, "Your card's expiration date is incomplete."],
    [{ expiry: '10 / 26' }, "Your card's expiration year is in the past."],
    [{ cvc: '1' }, "Your card's security code is incomplete."],
  ])('refuses %j', (overrides, message) => {
    expect(checkTestCard(card(overrides), today)).toBe(message);
  });
  it('accepts a card expiring this month', () => {
    expect(checkTestCard(card({ expiry: '11 / 26' }), today)).toBeNull();
  });
});
