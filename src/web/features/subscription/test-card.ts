// The sandbox's card check, run in the browser like Stripe.js checks a card before confirming.
// It gives a decline code; the form says it in the UI's language with Stripe.js's words
// (English "Your card was declined.", Spanish as Stripe says it: "Tu tarjeta ha sido rechazada.").
import type { MessageId } from '../../lib/i18n/i18n';

/** Stripe's test card numbers: 4242… pays, 4000 0000 0000 0002 is declined. */
export const SANDBOX_SUCCESS_CARD = '4242 4242 4242 4242';
export const SANDBOX_DECLINED_CARD = '4000 0000 0000 0002';

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Why Stripe would refuse a test card (named after Stripe's error codes). */
export type TestCardDecline = 'invalid_number' | 'incomplete_expiry' | 'invalid_expiry_year_past' | 'incomplete_cvc' | 'card_declined';

/** The message Stripe.js shows for each decline, as a catalogue key. */
export const TEST_CARD_DECLINE_TEXT: Record<TestCardDecline, MessageId> = {
  invalid_number: 'sandbox.decline.invalidNumber', // Your card number is invalid.
  incomplete_expiry: 'sandbox.decline.incompleteExpiry', // Your card's expiration date is incomplete.
  invalid_expiry_year_past: 'sandbox.decline.expiryInPast', // Your card's expiration year is in the past.
  incomplete_cvc: 'sandbox.decline.incompleteCvc', // Your card's security code is incomplete.
  card_declined: 'sandbox.decline.declined', // Your card was declined.
};

/** The card form's fields. */
export type CardField = 'number' | 'expiry' | 'cvc';

/** The field each decline is about: its message goes under that field. */
export const TEST_CARD_DECLINE_FIELD: Record<TestCardDecline, CardField> = {
  invalid_number: 'number',
  incomplete_expiry: 'expiry',
  invalid_expiry_year_past: 'expiry',
  incomplete_cvc: 'cvc',
  card_declined: 'number',
};

/** The decline Stripe would give for this test card, or null when it would be accepted. */
export function checkTestCard(card: { number: string; expiry: string; cvc: string }, today = new Date()): TestCardDecline | null {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return 'invalid_number';
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  if (!expiry || month < 1 || month > 12) return 'incomplete_expiry';
  if (year < today.getFullYear() || (year === today.getFullYear() && month < today.getMonth() + 1)) return 'invalid_expiry_year_past';
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return 'incomplete_cvc';
  if (digits === SANDBOX_DECLINED_CARD.replace(/\s/g, '')) return 'card_declined';
  return null;
}
