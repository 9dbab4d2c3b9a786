// Business constants and pure rules shared by server and browser (spec §9).
export const PRODUCT_NAME = 'CleanProof';

export const TRIAL_DAYS = 14;
/** The trial's last days, when the header's countdown turns amber. */
export const TRIAL_WARNING_DAYS = 3;
export const PRICE_CENTS_PER_MONTH = 499;
export const PRICE_TEXT = `$${(PRICE_CENTS_PER_MONTH / 100).toFixed(2)}`;
export const PRICE_PER_MONTH_TEXT = `${PRICE_TEXT}/month`;

/** The flat price covers the whole crew, up to this many active members per business. */
export const TEAM_MAX_ACTIVE_MEMBERS = 25;
/** An invite link works once, for this long. */
export const INVITE_LIFETIME_DAYS = 7;
/** A sign-in link for a member's new phone works once, for this long. */
export const SIGN_IN_LINK_LIFETIME_HOURS = 24;
/** A member's name, as they type it when joining. */
export const MEMBER_NAME_MAX_LENGTH = 60;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 200;
export const BUSINESS_NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;

export const CAPTURE_JPEG_QUALITY = 0.6;
export const MAX_SELECTED_PHOTOS = 2;
export const CAMERA_START_TRIES = 20;
export const CAMERA_START_TRY_MS = 100;
export const CAMERA_FLIP_RESTART_MS = 100;

export const AUTH_FAILURE_REDIRECT_MS = 500;
export const USER_LOOKUP_FAILURE_REDIRECT_MS = 1000;
export const POST_LOGIN_REFRESH_MS = 200;
export const TOAST_LIMIT = 1;

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Trial end for an account created at `createdAt` (spec §9: 14 days). */
export function computeTrialEndsAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + TRIAL_DAYS * DAY_MS);
}

export const CLIENT_NAME_MAX_LENGTH = 100;
export const DESCRIPTION_MAX_LENGTH = 2000;
/** A client's contact details. */
export const CLIENT_NOTES_MAX_LENGTH = 2000;
export const CLIENT_ADDRESS_MAX_LENGTH = 500;
export const CLIENT_PHONE_MAX_LENGTH = 40;
/** A page of a list (reports, clients): ?limit=1..100. */
export const LIST_LIMIT_MAX = 100;
/** The longest search text a list takes (?q=). */
export const SEARCH_TEXT_MAX_LENGTH = 100;
/** Quotas: one report holds at most this many photos, one account at most this many. */
export const MAX_PHOTOS_PER_PROJECT = 500;
export const MAX_PHOTOS_PER_ACCOUNT = 20_000;

/** Where accessibility problems are reported (the statement at /accessibility; docs/decisions/020). */
export const ACCESSIBILITY_CONTACT_EMAIL = 'accessibility@cleanproof.app';
/** When the accessibility statement was last reviewed (ISO date). */
export const ACCESSIBILITY_STATEMENT_DATE = '2026-11-24';
