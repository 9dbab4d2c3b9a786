import { describe, expect, it } from 'vitest';
import { describePlan, nextBillingText } from './plan-display';
import esScreens from '../../lib/i18n/catalogues/es.screens.json';
import { i18n, t } from '../../lib/i18n/i18n';
import { checkTestCard, SANDBOX_DECLINED_CARD, SANDBOX_SUCCESS_CARD, TEST_CARD_DECLINE_TEXT, type TestCardDecline } from './test-card';

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
  const card = (overrides: Partial<{ number: string; expiry: string; cvc: string }> = {}) => ({
    number: SANDBOX_SUCCESS_CARD,
    expiry: '12 / 34',
    cvc: '123',
    ...overrides,
  });
  /** The words the form shows for a decline (English here, Stripe.js's exact text). */
  const shown = (decline: TestCardDecline | null) => (decline ? t(TEST_CARD_DECLINE_TEXT[decline]) : null);

  it('accepts the success test card', () => {
    expect(checkTestCard(card(), today)).toBeNull();
  });
  it('declines the decline test card, like Stripe', () => {
    const decline = checkTestCard(card({ number: SANDBOX_DECLINED_CARD }), today);
    expect(decline).toBe('card_declined');
    expect(shown(decline)).toBe('Your card was declined.');
  });
  it.each([
    [{ number: '4242 4242 4242 4241' }, 'invalid_number', 'Your card number is invalid.'],
    [{ number: '42' }, 'invalid_number', 'Your card number is invalid.'],
    [{ expiry: '13 / 30' }, 'incomplete_expiry', "Your card's expiration date is incomplete."],
    [{ expiry: '10 / 26' }, 'invalid_expiry_year_past', "Your card's expiration year is in the past."],
    [{ cvc: '1' }, 'incomplete_cvc', "Your card's security code is incomplete."],
  ] as const)('refuses %j', (overrides, code, message) => {
    const decline = checkTestCard(card(overrides), today);
    expect(decline).toBe(code);
    expect(shown(decline)).toBe(message);
  });
  it('accepts a card expiring this month', () => {
    expect(checkTestCard(card({ expiry: '11 / 26' }), today)).toBeNull();
  });
  it('says a decline in Spanish as Stripe.js does, in a Spanish UI', () => {
    i18n.load('es', esScreens);
    i18n.activate('es');
    try {
      expect(shown(checkTestCard(card({ number: SANDBOX_DECLINED_CARD }), today))).toBe('Tu tarjeta ha sido rechazada.');
      expect(shown(checkTestCard(card({ number: '42' }), today))).toBe('El número de tu tarjeta no es válido.');
    } finally {
      i18n.activate('en');
    }
  });
});

describe('next billing date (spec §3: display text, or Unknown; nextBillingAt for other languages)', () => {
  it('is shown as the server sent it in English, Unknown included', () => {
    expect(nextBillingText({ nextBillingDate: 'December 22, 2026', nextBillingAt: '2026-12-22T10:00:00.000Z' })).toBe('December 22, 2026');
    expect(nextBillingText({ nextBillingDate: 'Unknown', nextBillingAt: null })).toBe('Unknown');
  });
  it("is the same UTC day in Spanish, whatever the device's zone, and never breaks on Unknown", () => {
    i18n.load('es', esScreens);
    i18n.activate('es');
    try {
      expect(nextBillingText({ nextBillingDate: 'December 22, 2026', nextBillingAt: '2026-12-22T23:30:00.000Z' })).toBe('22 de diciembre de 2026');
      expect(nextBillingText({ nextBillingDate: 'January 1, 2027', nextBillingAt: '2027-01-01T00:10:00.000Z' })).toBe('1 de enero de 2027');
      expect(nextBillingText({ nextBillingDate: 'Unknown', nextBillingAt: null })).toBe('Desconocida');
    } finally {
      i18n.activate('en');
    }
  });
});
