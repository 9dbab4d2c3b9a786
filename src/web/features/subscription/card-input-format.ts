// The sandbox card form's fields, formatted as they are typed, as Stripe's card fields do: the
// number in groups of four, the expiry as "MM / YY", the CVC as digits only.

const CARD_NUMBER_MAX_DIGITS = 19;

function digitsOf(typed: string, max: number): string {
  return typed.replace(/\D/g, '').slice(0, max);
}

/** "4242424242424242" -> "4242 4242 4242 4242". */
export function formatCardNumber(typed: string): string {
  return digitsOf(typed, CARD_NUMBER_MAX_DIGITS).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1234" -> "12 / 34"; a first digit that cannot start a month gets its zero ("4" -> "04"). */
export function formatExpiry(typed: string): string {
  let digits = digitsOf(typed, 4);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** Three or four digits. */
export function formatCvc(typed: string): string {
  return digitsOf(typed, 4);
}
