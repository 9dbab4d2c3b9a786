// Stable codes for the error messages a user can see (issue 15). The API keeps `message` in
// English for API clients and sends `code` beside it (ErrorResponseSchema); the web shows its own
// catalogue's text for the code (catalogue key `error.<code>`), falling back to the message. The
// same table lets the web translate the shared zod schemas' messages it checks forms with.
// error-codes.test.ts checks that every server constant named here is in the table, and the
// catalogue test that every code has a text in each language.
import { ACCESS_BLOCKED_WORDING } from './access-blocked.js';
import { INVALID_SELECTION_MESSAGE } from './pairing.js';
import { BUSINESS_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './rules.js';

/** code → the English message(s) it stands for. */
const MESSAGES = {
  // Form validation (src/shared/contract/auth.ts)
  email_required: ['Email is required'],
  email_too_long: ['Email is too long'],
  email_invalid: ['Please enter a valid email address'],
  password_required: ['Password is required'],
  password_too_short: [`Password must be at least ${PASSWORD_MIN_LENGTH} characters`],
  password_too_long: [`Password must be at most ${PASSWORD_MAX_LENGTH} characters`, 'Password is too long'],
  password_confirm_required: ['Please confirm your password'],
  passwords_do_not_match: ['Passwords do not match'],
  business_name_required: ['Business name is required'],
  business_name_empty: ['Business name cannot be empty'],
  business_name_too_long: [`Business name must be at most ${BUSINESS_NAME_MAX_LENGTH} characters`],
  // Signing in and resetting a password
  invalid_login: ['Invalid email or password'],
  duplicate_email: ['An account with this email already exists. Please sign in instead.'],
  not_signed_in: ['You are not signed in', 'You are not signed in. Please sign in again.'],
  sign_in_queue_full: ['Too many sign-ins at once. Please try again in a moment.'],
  reset_link_invalid: ['This reset link is not valid. Please request a new one.', 'Reset token is required', 'Reset token is invalid'],
  reset_link_used: ['This reset link has already been used. Please request a new one.'],
  reset_link_expired: ['This reset link has expired. Please request a new one.'],
  reset_link_sent: ['If an account exists for that email, we have sent a link to reset your password. It works for one hour.'],
  password_changed: ['Your password has been changed. Please sign in with your new password.'],
  // Access and billing (402, 409)
  trial_ended: [ACCESS_BLOCKED_WORDING.trial_ended.serverMessage],
  payment_failed: [ACCESS_BLOCKED_WORDING.payment_failed.serverMessage],
  already_subscribed: ['You already have an active subscription.'],
  no_subscription_to_cancel: ['You have no active subscription to cancel.'],
  payment_not_found: ['This payment was not found. Please start again from the Upgrade to Pro page.'],
  payments_not_set_up: ['Payments are not set up on this server. Please contact support for assistance.'],
  subscription_cancelled: ["Your subscription has been cancelled. You'll retain access until the end of your current billing period."],
  // Reports, photos, pairs, links
  project_not_found: ['Project not found'],
  photo_not_found: ['Photo not found', 'Photo not found in this report', 'Photo file not found'],
  pair_not_found: ['Photo pair not found'],
  link_not_found: ['Link not found'],
  account_missing: ['Your account no longer exists.', 'User not found'],
  no_pairs_to_export: ['Add at least one before-and-after photo pair to export this report.'],
  no_pairs_to_share: ['Add at least one before-and-after photo pair to share this report.'],
  no_business_name: ['Set your business name before exporting a report.'],
  invalid_selection: [INVALID_SELECTION_MESSAGE],
  already_paired: ['One of these photos is already in a pair. Delete that pair first.'],
  photos_changed: ['The photos changed while pairing. Please try again.'],
  photo_empty: ['The photo is empty.'],
  photo_unreadable: ['The photo could not be read: the file is damaged or incomplete.'],
  logo_empty: ['The logo file is empty.'],
  logo_unreadable: ['The logo could not be read as an image. Please choose another PNG or JPEG file.'],
  no_logo: ['No business logo has been uploaded.'],
  pdf_rate_limited: ['Too many PDF exports at once. Please wait a minute and try again.'],
} as const satisfies Record<string, readonly string[]>;

export type ErrorCode = keyof typeof MESSAGES | 'too_many_links' | 'photo_quota_report' | 'photo_quota_account' | 'rate_limited';
export const ERROR_CODES = [...(Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]), 'too_many_links', 'photo_quota_report', 'photo_quota_account', 'rate_limited'] as const satisfies readonly ErrorCode[];

const CODE_BY_MESSAGE = new Map<string, ErrorCode>(Object.entries(MESSAGES).flatMap(([code, messages]) => messages.map((message) => [message, code as ErrorCode] as const)));

/** Messages that carry a number: matched by their fixed start. */
const CODE_BY_PREFIX: [string, ErrorCode][] = [['Your account already has ', 'photo_quota_account']];

/**
 * The stable code of an English message a user may see, if it has one. A 429 without its own
 * code is `rate_limited`; a message with a count in it is matched by its fixed words.
 */
export function errorCodeOf(message: string, status?: number): ErrorCode | undefined {
  const exact = CODE_BY_MESSAGE.get(message);
  if (exact) return exact;
  if (message.startsWith('This report already has ')) return message.includes(' live links') ? 'too_many_links' : 'photo_quota_report';
  for (const [prefix, code] of CODE_BY_PREFIX) if (message.startsWith(prefix)) return code;
  return status === 429 ? 'rate_limited' : undefined;
}
