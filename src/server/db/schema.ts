// The whole database schema. One migration set (drizzle/) is generated from this file
// with `npm run db:generate -- --name what-changed` (appended, never rewritten) and runs at start
// on PGlite and PostgreSQL alike.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    businessName: text('business_name'),
    /** Photo-store key of the business logo (PNG or JPEG re-encoded), null when none. */
    businessLogoKey: text('business_logo_key'),
    createdAt: createdAt(),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** Language of the app, emails and PDFs (issue 15): one of SUPPORTED_LOCALES. */
    locale: text('locale').notNull().default('en'),
    /** IANA zone the PDF prints capture times in (issue 13), from the browser at registration. */
    timeZone: text('time_zone').notNull().default('UTC'),
  },
  (t) => [
    // spec: one account per email, case-insensitive
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

/** A signed-in session. Only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Password reset tokens: hashed, single-use, expiring. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

/** The shared-password admin session (separate from user sessions). */
export const adminSessions = pgTable('admin_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** A report. Code says project; only the UI says "report". */
export const projects = pgTable(
  'projects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    clientName: text('client_name').notNull().default(''),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('projects_user_id_created_at_idx').on(t.userId, t.createdAt)],
);

/** A photo's bytes live in the photo store under storageKey; never in the database. */
export const photos = pgTable(
  'photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['before', 'after'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: createdAt(),
    /** When the photo was taken (issue 13): the device clock at the shutter or the file's EXIF date; null when unknown or implausible. */
    capturedAt: timestamp('captured_at', { withTimezone: true, mode: 'date' }),
    /** When the server received the upload (its own clock). */
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * Lowercase hex SHA-256 of the stored JPEG (what GET /api/photos/{id}/image serves). Null only
     * for photos stored before issue 13; they get theirs when first shown (photo-checksums.ts).
     */
    sha256: text('sha256'),
  },
  (t) => [index('photos_project_id_idx').on(t.projectId), check('photos_type_check', sql`${t.type} in ('before', 'after')`)],
);

/**
 * Idempotency-Key of POST /api/projects/{id}/photos (issue 13, decision 017): one row per (user, key).
 * The row is claimed (inserted) before the photo is processed, and completed in the transaction
 * that inserts the photo; a repeat of the key waits for that and answers with the same photo.
 */
export const photoUploadKeys = pgTable(
  'photo_upload_keys',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 over the uploaded bytes, type, project id and capturedAt: a repeat must match it. */
    fingerprint: text('fingerprint').notNull(),
    /** Names the request holding the claim, so only that request completes or releases it. */
    claimToken: text('claim_token').notNull(),
    /** Null while pending, and again once the photo is deleted (completedAt tells them apart). */
    photoId: integer('photo_id').references(() => photos.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key], name: 'photo_upload_keys_pkey' }),
    index('photo_upload_keys_photo_id_idx').on(t.photoId),
    index('photo_upload_keys_created_at_idx').on(t.createdAt),
  ],
);

/** A before photo paired with an after photo. A photo is in at most one pair (unique indexes). */
export const photoPairs = pgTable(
  'photo_pairs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    beforePhotoId: integer('before_photo_id').notNull().references(() => photos.id, { onDelete: 'cascade' }),
    afterPhotoId: integer('after_photo_id').notNull().references(() => photos.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('photo_pairs_project_id_idx').on(t.projectId),
    uniqueIndex('photo_pairs_before_photo_id_key').on(t.beforePhotoId),
    uniqueIndex('photo_pairs_after_photo_id_key').on(t.afterPhotoId),
  ],
);

/**
 * A client link (issue 14): /r/{token} shows the report's pairs to whoever holds the token, until
 * it expires or is revoked. The token is kept as issued, so the owner can copy the link again
 * (docs/decisions/015-client-link-tokens.md).
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('share_links_token_key').on(t.token), index('share_links_project_id_created_at_idx').on(t.projectId, t.createdAt)],
);

/** One subscription per user, whichever provider (sandbox or stripe) it is with. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    providerCustomerId: text('provider_customer_id'),
    /** Stripe's subscription status vocabulary: incomplete, active, past_due, canceled, … */
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true, mode: 'date' }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subscriptions_user_id_key').on(t.userId), uniqueIndex('subscriptions_provider_subscription_id_key').on(t.providerSubscriptionId)],
);

/**
 * The local test-mode payment processor's own records (DESIGN.md: sandbox billing). It plays the
 * part of Stripe's servers: the app's `subscriptions` mirror follows it through the same
 * event path a paid Stripe invoice takes. Only the SHA-256 of a payment's client secret is kept.
 */
export const sandboxSubscriptions = pgTable(
  'sandbox_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    status: text('status').notNull(),
    clientSecretHash: text('client_secret_hash'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true, mode: 'date' }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_subscriptions_user_id_idx').on(t.userId), uniqueIndex('sandbox_subscriptions_client_secret_hash_key').on(t.clientSecretHash)],
);

/** Webhook event ids already processed, so a replayed event changes nothing. */
export const billingEvents = pgTable('billing_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Periodic jobs run once per period across a fleet (issue 12): the server that moves `period`
 * forward runs the job; the others see it claimed and skip (lib/periodic-task.ts).
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  /** floor(database time / the job's interval): the period last claimed. */
  period: bigint('period', { mode: 'number' }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
  runCount: integer('run_count').notNull().default(1),
});

export type UserRow = typeof users.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
export type PhotoRow = typeof photos.$inferSelect;
export type PhotoUploadKeyRow = typeof photoUploadKeys.$inferSelect;
export type PhotoPairRow = typeof photoPairs.$inferSelect;
export type ShareLinkRow = typeof shareLinks.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SandboxSubscriptionRow = typeof sandboxSubscriptions.$inferSelect;
