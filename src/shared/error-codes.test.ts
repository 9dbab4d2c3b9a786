import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorCodeOf } from './error-codes';
import { ACCESS_BLOCKED_WORDING } from './access-blocked';
import { INVALID_LOGIN_MESSAGE } from '../server/auth/auth.routes';
import { RESET_LINK_EXPIRED_MESSAGE, RESET_LINK_INVALID_MESSAGE, RESET_LINK_USED_MESSAGE } from '../server/auth/password-reset';
import { NO_BUSINESS_NAME_MESSAGE, NO_PAIRS_MESSAGE } from '../server/projects/report-pdf.service';
import { SHARE_NO_PAIRS_MESSAGE, TOO_MANY_LINKS_MESSAGE } from '../server/share-links/share-links.service';
import { ACCOUNT_PHOTO_QUOTA_MESSAGE, PHOTO_NOT_FOUND, PROJECT_PHOTO_QUOTA_MESSAGE } from '../server/photos/photos.service';
import { ALREADY_PAIRED, INVALID_SELECTION, PAIR_NOT_FOUND } from '../server/photos/photo-pairs.service';
import { PROJECT_NOT_FOUND } from '../server/project-access/project-access';
import { PASSWORD_QUEUE_FULL_MESSAGE } from '../server/auth/passwords';
import { CANCELLED_MESSAGE, NO_PAYMENTS_MESSAGE } from '../server/billing/billing.routes';
import { FORGOT_PASSWORD_MESSAGE, RESET_PASSWORD_MESSAGE } from '../server/auth/password-reset.routes';

// The server's own constants: a reworded message that loses its code shows up here.
const SERVER_MESSAGES: [string, string][] = [
  [INVALID_LOGIN_MESSAGE, 'invalid_login'],
  [RESET_LINK_INVALID_MESSAGE, 'reset_link_invalid'],
  [RESET_LINK_USED_MESSAGE, 'reset_link_used'],
  [RESET_LINK_EXPIRED_MESSAGE, 'reset_link_expired'],
  [NO_BUSINESS_NAME_MESSAGE, 'no_business_name'],
  [NO_PAIRS_MESSAGE, 'no_pairs_to_export'],
  [SHARE_NO_PAIRS_MESSAGE, 'no_pairs_to_share'],
  [TOO_MANY_LINKS_MESSAGE, 'too_many_links'],
  [PROJECT_PHOTO_QUOTA_MESSAGE, 'photo_quota_report'],
  [ACCOUNT_PHOTO_QUOTA_MESSAGE, 'photo_quota_account'],
  [PHOTO_NOT_FOUND, 'photo_not_found'],
  [ALREADY_PAIRED, 'already_paired'],
  [INVALID_SELECTION, 'invalid_selection'],
  [PAIR_NOT_FOUND, 'pair_not_found'],
  [PROJECT_NOT_FOUND, 'project_not_found'],
  [PASSWORD_QUEUE_FULL_MESSAGE, 'sign_in_queue_full'],
  [CANCELLED_MESSAGE, 'subscription_cancelled'],
  [NO_PAYMENTS_MESSAGE, 'payments_not_set_up'],
  [FORGOT_PASSWORD_MESSAGE, 'reset_link_sent'],
  [RESET_PASSWORD_MESSAGE, 'password_changed'],
  [ACCESS_BLOCKED_WORDING.trial_ended.serverMessage, 'trial_ended'],
  [ACCESS_BLOCKED_WORDING.payment_failed.serverMessage, 'payment_failed'],
];

describe('error codes (issue 15)', () => {
  it.each(SERVER_MESSAGES)('names the server message %j', (message, code) => {
    expect(errorCodeOf(message)).toBe(code);
  });

  it('names any 429 without a code of its own, and nothing else unknown', () => {
    expect(errorCodeOf('Too many requests for shared reports from this address. Please wait 3 minutes and try again.', 429)).toBe('rate_limited');
    expect(errorCodeOf('Something nobody planned for', 400)).toBeUndefined();
  });

  it('lists each code once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });
});
