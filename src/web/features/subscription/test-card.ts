// The sandbox's card check, run in the browser like Stripe.js checks a card before confirming.

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

/** The decline Stripe would give for this test card, or null when it would be accepted. */
export function checkTestCard(card: { number: string; expiry: string; cvc: string }, today = new Date()): string | null {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return 'Your card number is invalid.';
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  if (!expiry || month < 1 || month > 12) return "Your card's expiration date is incomplete.";
  if (year < today.getFullYear() || (year === today.getFullYear() && month < today.getMonth() + 1)) return "Your card's expiration year is in the past.";
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return "Your card's security code is incomplete.";
  if (digits === SANDBOX_DECLINED_CARD.replace(/\s/g, '')) return 'Your card was declined.';
  return null;
}
