// Every rate limit in one table, so an operator can read what a client may do. The
// counters live in @fastify/rate-limit's store: in memory, or in Redis (REDIS_URL) shared by a fleet.
import type { LimitRule } from './rate-limit.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const RATE_LIMITS = {
  /** Sign-in attempts from one address, whatever the email: guessing many accounts from one place. */
  loginPerAddress: { max: 30, windowMs: 15 * MINUTE },
  /** Wrong passwords for one email from anywhere; then the account answers as if the password were wrong. */
  loginFailuresPerAccount: { max: 10, windowMs: HOUR },
  /** Wrong passwords from one device the account knows (its device cookie); then it signs in as an unknown device. */
  loginFailuresPerDevice: { max: 10, windowMs: HOUR },
  /** New accounts from one address: each costs a password hash and a row. */
  registerPerAddress: { max: 20, windowMs: HOUR },
  /** An invite's logo from one address: asked by each view of the join page, apart from the invite's own budget. */
  inviteLogoPerAddress: { max: 200, windowMs: 10 * MINUTE },
  /** Reset mails asked from one address, and for one email (a mailbox is not to be flooded). */
  forgotPasswordPerAddress: { max: 20, windowMs: 15 * MINUTE },
  forgotPasswordPerEmail: { max: 5, windowMs: 15 * MINUTE },
  /** Tries of one reset link, and a generous cap per address (an office resets many accounts). */
  resetPasswordPerToken: { max: 5, windowMs: HOUR },
  resetPasswordPerAddress: { max: 100, windowMs: 15 * MINUTE },
  /** Wrong admin passwords from one address, and from everywhere together (a distributed guess). */
  adminVerifyFailuresPerAddress: { max: 5, windowMs: 15 * MINUTE },
  adminVerifyFailuresGlobal: { max: 50, windowMs: 15 * MINUTE },
  /** Photos one user may send: a day's job after a long offline stretch fits easily. */
  photoUploadsPerUser: { max: 600, windowMs: 10 * MINUTE },
  /** Logos one user may upload: each is decoded and re-encoded; a business changes its logo rarely. */
  logoUploadsPerUser: { max: 10, windowMs: HOUR },
  /** Server-built report PDFs one user may ask for: each costs real CPU time. */
  pdfBuildsPerUser: { max: 30, windowMs: MINUTE },
  /** Client links one user may make: making and revoking in a loop must not fill the table. */
  shareLinkCreatesPerUser: { max: 100, windowMs: HOUR },
  /**
   * Requests to shared reports (/r/{token} and /api/shared/...) from one address: a 50-pair page
   * is about 200 (its thumbnails, then the full photos as they come into view), so a few visits fit.
   */
  sharedReportPerAddress: { max: 1200, windowMs: 10 * MINUTE },
  /** Shared reports' PDFs one address may ask for: each is built on the server. */
  sharedPdfPerAddress: { max: 10, windowMs: 10 * MINUTE },
} as const satisfies Record<string, LimitRule>;

/**
 * A sign-in that does not succeed (a wrong password, an email with no account, a locked account, or
 * the address's limit reached) is answered no sooner than this after it came in, on a timer: the
 * fail delay of most sign-in systems. A flood that waits for each answer before its next try (as
 * HTTP clients do, a connection at a time) then makes a few tries a second per connection instead
 * of hundreds, and leaves the CPU to real sign-ins; a failure takes the same time whether the email
 * has an account or not, unless the hash queue is long (a wrong password waits for its hash; registering
 * tells whether an email has an account anyway); a person who mistyped waits a quarter of a second.
 */
export const FAILED_SIGN_IN_MIN_MS = 250;
