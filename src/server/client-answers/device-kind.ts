// An open of a client link records only whether it came from a phone or a computer: the user agent
// is read here and dropped, never stored.
export type DeviceKind = 'phone' | 'computer';

const PHONE = /\b(Mobi|Android|iPhone|iPad|iPod|Windows Phone|Opera Mini)\b/i;

export function deviceKindOf(userAgent: string | undefined): DeviceKind {
  return userAgent && PHONE.test(userAgent) ? 'phone' : 'computer';
}
