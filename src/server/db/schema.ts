// The whole database schema. One migration set (drizzle/) is generated from this file
// with `npm run db:generate -- --name what-changed` (appended, never rewritten) and runs at start
// on PGlite and PostgreSQL alike.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { TemplateArea } from '../../shared/contract/templates.js';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * A business: it owns the reports, clients and templates, and its members are users. Its name,
 * logo, trial and subscription are kept on the account that registered it (accountId), the row
 * every business of one already had; a business migrated from such an account kept its id.
 */
export const businesses = pgTable('businesses', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  /** Null only inside the transaction that registers the business (the account needs the business first). */
  accountId: integer('account_id').references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** A person: a member of one business, with their own name, language and sessions. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Null for a member who joined from an invite with a name only. */
    email: text('email'),
    /** Null for a member who joined without a password (signs in from links only). */
    passwordHash: text('password_hash'),
    businessId: integer('business_id')
      .notNull()
      .references((): AnyPgColumn => businesses.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'manager', 'cleaner'] })
      .notNull()
      .default('owner'),
    /** A deactivated member cannot sign in; their reports, photos and attribution stay. */
    active: boolean('active').notNull().default(true),
    name: text('name').notNull().default(''),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    businessName: text('business_name'),
    /** Photo-store key of the business logo (PNG or JPEG re-encoded), null when none. */
    businessLogoKey: text('business_logo_key'),
    createdAt: createdAt(),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** Language of the app, emails and PDFs: one of SUPPORTED_LOCALES. */
    locale: text('locale').notNull().default('en'),
    /** IANA zone the PDF prints capture times in, from the browser at registration. */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Hours after a report's first open in which its client may report issues; 0 turns that off. */
    reCleanWindowHours: integer('re_clean_window_hours').notNull().default(24),
    /** The business's review page (https), shown to every client on the link page. */
    reviewUrl: text('review_url'),
  },
  (t) => [
    // spec: one account per email, case-insensitive
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt),
    index('users_business_id_idx').on(t.businessId),
    check('users_role_check', sql`${t.role} in ('owner', 'manager', 'cleaner')`),
  ],
);

/** A signed-in session. Only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

/**
 * An invitation to join a business. Only the token's SHA-256 is looked up; the token itself is
 * re-derived from tokenNonce with a server key (team/invite-tokens.ts), so the team page can show the
 * link again while a copy of the database alone opens nothing. One use, valid 7 days, revocable.
 */
export const teamInvites = pgTable(
  'team_invites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['manager', 'cleaner'] }).notNull(),
    name: text('name'),
    tokenHash: text('token_hash').notNull(),
    tokenNonce: text('token_nonce').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('team_invites_token_hash_key').on(t.tokenHash),
    index('team_invites_business_id_idx').on(t.businessId),
    check('team_invites_role_check', sql`${t.role} in ('manager', 'cleaner')`),
  ],
);

/** A one-use link that signs a member in on a new phone: hashed, valid 24 hours. */
export const signInLinks = pgTable(
  'sign_in_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sign_in_links_user_id_idx').on(t.userId)],
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
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** The member who made the report; kept when they are deactivated. */
    createdBy: integer('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** The member the job is assigned to, or null. */
    assigneeId: integer('assignee_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    clientName: text('client_name').notNull().default(''),
    /** The client the report is for; set null when that client is deleted (clientName stays). */
    clientId: integer('client_id').references((): AnyPgColumn => clients.id, { onDelete: 'set null' }),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    /** The template the report was made from (a built-in id or an own template's id), null for a blank report. */
    templateId: text('template_id'),
    /** 'finished' once the job is closed: no new photos or pairs until it is reopened. */
    status: text('status', { enum: ['open', 'finished'] })
      .notNull()
      .default('open'),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /** What search matches: client name and description folded by search_text() (drizzle/0009), kept with the row. */
    searchableText: text('searchable_text')
      .notNull()
      .generatedAlwaysAs(sql`search_text("client_name" || ' ' || "description")`),
  },
  (t) => [
    index('projects_business_id_created_at_idx').on(t.businessId, t.createdAt),
    // Keyset paging: a page is one business's reports below an id, newest first.
    index('projects_business_id_id_idx').on(t.businessId, t.id),
    // A cleaner's list: the reports they made or are assigned.
    index('projects_created_by_idx').on(t.createdBy),
    index('projects_assignee_id_idx').on(t.assigneeId),
    // A client's reports: their count, and the newest one's time by which the clients list is ordered.
    index('projects_client_id_created_at_idx').on(t.clientId, t.createdAt),
    // Search within one business: the business id (btree_gin) and the folded text's trigrams in one
    // GIN index, intersected inside it rather than after reading every business's matches; written
    // directly, not through a pending list, as PGlite has no autovacuum to flush one (decision 028).
    index('projects_business_id_search_idx').using('gin', t.businessId, t.searchableText.op('gin_trgm_ops')).with({ fastupdate: false }),
    check('projects_status_check', sql`${t.status} in ('open', 'finished')`),
  ],
);

/** A client of the business: who a report is for, with their contact details. */
export const clients = pgTable(
  'clients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    notes: text('notes'),
    createdAt: createdAt(),
    /** What search matches: the name folded by search_text() (drizzle/0009), kept with the row. */
    searchableName: text('searchable_name')
      .notNull()
      .generatedAlwaysAs(sql`search_text("name")`),
  },
  (t) => [
    index('clients_business_id_id_idx').on(t.businessId, t.id),
    index('clients_business_id_search_idx').using('gin', t.businessId, t.searchableName.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

/**
 * A report's areas (rooms), copied from its template when it was made, so editing or deleting the
 * template later changes no report. A blank report has none.
 */
export const projectAreas = pgTable(
  'project_areas',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    minBefore: integer('min_before').notNull(),
    minAfter: integer('min_after').notNull(),
    /** Set when the area was skipped (no_access, occupied, not_in_scope, other). */
    skipReason: text('skip_reason'),
    skipNote: text('skip_note'),
  },
  (t) => [index('project_areas_project_id_position_idx').on(t.projectId, t.position)],
);

/** A business's own templates; the built-in ones live in code (src/shared/templates). */
export const templates = pgTable(
  'templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    areas: jsonb('areas').$type<TemplateArea[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('templates_business_id_idx').on(t.businessId)],
);

/**
 * Idempotency-Key of POST /api/projects: one row per (user, key), inserted in the transaction that
 * makes the report, so a phone retrying a create whose answer it lost gets the same report back.
 * projectId is null once that report is deleted (a repeat then finds no report, and makes none).
 */
export const projectCreateKeys = pgTable(
  'project_create_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key], name: 'project_create_keys_pkey' }),
    index('project_create_keys_project_id_idx').on(t.projectId),
    index('project_create_keys_created_at_idx').on(t.createdAt),
  ],
);

/** A photo's bytes live in the photo store under storageKey; never in the database. */
export const photos = pgTable(
  'photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['before', 'after'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: createdAt(),
    /** When the photo was taken: the device clock at the shutter or the file's EXIF date; null when unknown or implausible. */
    capturedAt: timestamp('captured_at', { withTimezone: true, mode: 'date' }),
    /** When the server received the upload (its own clock). */
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * Lowercase hex SHA-256 of the stored JPEG (what GET /api/photos/{id}/image serves). Null only
     * for photos stored before capture proof existed; they get theirs when first shown (photo-checksums.ts).
     */
    sha256: text('sha256'),
    /** The report area it was taken in; null in a blank report. */
    areaId: integer('area_id').references(() => projectAreas.id, { onDelete: 'cascade' }),
    /** The member whose session uploaded it (never taken from the request body). */
    takenBy: integer('taken_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('photos_project_id_idx').on(t.projectId), check('photos_type_check', sql`${t.type} in ('before', 'after')`)],
);

/**
 * Idempotency-Key of POST /api/projects/{id}/photos (decision 017): one row per (user, key).
 * The row is claimed (inserted) before the photo is processed, and completed in the transaction
 * that inserts the photo; a repeat of the key waits for that and answers with the same photo.
 */
export const photoUploadKeys = pgTable(
  'photo_upload_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    beforePhotoId: integer('before_photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    afterPhotoId: integer('after_photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('photo_pairs_project_id_idx').on(t.projectId),
    uniqueIndex('photo_pairs_before_photo_id_key').on(t.beforePhotoId),
    uniqueIndex('photo_pairs_after_photo_id_key').on(t.afterPhotoId),
  ],
);

/**
 * A client link: /r/{token} shows the report's pairs to whoever holds the token, until
 * it expires or is revoked. The token is kept as issued, so the owner can copy the link again
 * (docs/decisions/015-client-link-tokens.md).
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** The first open (of the data, not a link preview): when, and on a phone or a computer. No address, no user agent. */
    firstOpenedAt: timestamp('first_opened_at', { withTimezone: true, mode: 'date' }),
    firstOpenDevice: text('first_open_device', { enum: ['phone', 'computer'] }),
    /** Visits: opens at least a minute apart. */
    openCount: integer('open_count').notNull().default(0),
  },
  (t) => [uniqueIndex('share_links_token_key').on(t.token), index('share_links_project_id_created_at_idx').on(t.projectId, t.createdAt)],
);

/** A report emailed to a client through the app's mailer (POST /api/projects/{id}/send). */
export const projectSends = pgTable(
  'project_sends',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    shareLinkId: integer('share_link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    toEmail: text('to_email').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    messageId: text('message_id').notNull(),
  },
  (t) => [index('project_sends_project_id_sent_at_idx').on(t.projectId, t.sentAt)],
);

/** A client's approval of a report, through a link: the version they saw (reportVersion). */
export const projectApprovals = pgTable(
  'project_approvals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    shareLinkId: integer('share_link_id').references(() => shareLinks.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** Photo-store key of the drawn signature (PNG), null when none. */
    signatureKey: text('signature_key'),
    rating: integer('rating'),
    comment: text('comment'),
    reportVersion: text('report_version').notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }).notNull(),
    ownerNotifiedAt: timestamp('owner_notified_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('project_approvals_project_id_version_key').on(t.projectId, t.reportVersion)],
);

/** Something the client says is not right: a point on a pair's after photo, a note, maybe a photo. */
export const clientIssues = pgTable(
  'client_issues',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    pairId: integer('pair_id')
      .notNull()
      .references(() => photoPairs.id, { onDelete: 'cascade' }),
    shareLinkId: integer('share_link_id').references(() => shareLinks.id, { onDelete: 'set null' }),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    note: text('note').notNull(),
    /** The client's photo (checked and stripped like any other), under client-answers/ in the photo store. */
    photoKey: text('photo_key'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolutionNote: text('resolution_note'),
    ownerNotifiedAt: timestamp('owner_notified_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('client_issues_project_id_idx').on(t.projectId), index('client_issues_pair_id_idx').on(t.pairId)],
);

/**
 * Client links of deleted accounts: only the SHA-256 of each token, and nothing naming the account
 * or its reports. A client who opens such a link is told it was withdrawn (410), not that it never
 * existed.
 */
export const withdrawnLinkTokens = pgTable('withdrawn_link_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** One subscription per user, whichever provider (sandbox or stripe) it is with. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
 * The local test-mode payment processor's own records (sandbox billing). It plays the
 * part of Stripe's servers: the app's `subscriptions` mirror follows it through the same
 * event path a paid Stripe invoice takes. Only the SHA-256 of a payment's client secret is kept.
 */
export const sandboxSubscriptions = pgTable(
  'sandbox_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    status: text('status').notNull(),
    clientSecretHash: text('client_secret_hash'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true, mode: 'date' }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Like Stripe's trial_end: a subscription started during the trial is first charged then. */
    trialEnd: timestamp('trial_end', { withTimezone: true, mode: 'date' }),
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
 * Periodic jobs run once per period across a fleet: the server that moves `period`
 * forward runs the job; the others see it claimed and skip (lib/periodic-task.ts).
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  /** floor(database time / the job's interval): the period last claimed. */
  period: bigint('period', { mode: 'number' }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
  runCount: integer('run_count').notNull().default(1),
});

/**
 * Keys the servers sign with (the device cookie's HMAC key): made once by whichever server starts
 * first, then read by every server of the fleet, so a cookie signed by one is good at all of them.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export type UserRow = typeof users.$inferSelect;
export type BusinessRow = typeof businesses.$inferSelect;
export type TeamInviteRow = typeof teamInvites.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
export type PhotoRow = typeof photos.$inferSelect;
export type ProjectAreaRow = typeof projectAreas.$inferSelect;
export type TemplateRow = typeof templates.$inferSelect;
export type PhotoUploadKeyRow = typeof photoUploadKeys.$inferSelect;
export type PhotoPairRow = typeof photoPairs.$inferSelect;
export type ShareLinkRow = typeof shareLinks.$inferSelect;
export type ProjectSendRow = typeof projectSends.$inferSelect;
export type ProjectApprovalRow = typeof projectApprovals.$inferSelect;
export type ClientIssueRow = typeof clientIssues.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SandboxSubscriptionRow = typeof sandboxSubscriptions.$inferSelect;

export type ClientRow = typeof clients.$inferSelect;
