// A member as the routes see them: their own row (name, language, role) with their business's
// settings laid over it. The business's name, logo, time zone, trial and subscription are kept on the account
// that registered it (businesses.account_id), so every member reads the same values from there.
import { and, eq, gt, lt, or, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import { businesses, sessions, users, type UserRow } from '../db/schema.js';
import type { SignedInUser } from '../lib/add-route.js';

const account = alias(users, 'account');

/** Last seen is written at most this often per member, so a busy member costs no write per request. */
const LAST_SEEN_RESOLUTION_MS = 5 * 60_000;

/** The business's settings, read from its account row. */
export function withBusinessSettings(member: UserRow, accountRow: UserRow): SignedInUser {
  return {
    ...member,
    businessName: accountRow.businessName,
    businessLogoKey: accountRow.businessLogoKey,
    trialEndsAt: accountRow.trialEndsAt,
    stripeCustomerId: accountRow.stripeCustomerId,
    stripeSubscriptionId: accountRow.stripeSubscriptionId,
    reCleanWindowHours: accountRow.reCleanWindowHours,
    reviewUrl: accountRow.reviewUrl,
    // The zone the business's PDFs print times in; each member keeps their own language.
    timeZone: accountRow.timeZone,
    accountId: accountRow.id,
  };
}

/**
 * The active member matching `where`, or null. A deactivated member is never found (here or by a
 * session, below), so their sessions stop working at once.
 */
export async function loadMember(db: Database, where: SQL | undefined): Promise<SignedInUser | null> {
  const [row] = await db
    .select({ member: users, account })
    .from(users)
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    .innerJoin(account, eq(account.id, businesses.accountId))
    .where(and(where, eq(users.active, true)))
    .limit(1);
  return row ? withBusinessSettings(row.member, row.account) : null;
}

/**
 * The session lookup every signed-in request makes, prepared once per database: the four-table
 * join is planned once instead of on each request (bench/crew-overhead.ts).
 */
const sessionMemberQueries = new WeakMap<Database, ReturnType<typeof prepareSessionMember>>();

function prepareSessionMember(db: Database) {
  return db
    .select({ member: users, account })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    .innerJoin(account, eq(account.id, businesses.accountId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now')), eq(users.active, true)))
    .limit(1)
    .prepare('session_member');
}

/** The active member a live session belongs to, or null. */
export async function loadSessionMember(db: Database, tokenHash: string, now: Date): Promise<SignedInUser | null> {
  let query = sessionMemberQueries.get(db);
  if (!query) {
    query = prepareSessionMember(db);
    sessionMemberQueries.set(db, query);
  }
  const [row] = await query.execute({ tokenHash, now });
  return row ? withBusinessSettings(row.member, row.account) : null;
}

export function loadMemberById(db: Database, userId: number): Promise<SignedInUser | null> {
  return loadMember(db, eq(users.id, userId));
}

/** Records that the member was seen, unless that was recorded in the last few minutes. */
export async function noteSeen(db: Database, member: SignedInUser, now: Date): Promise<void> {
  if (member.lastSeenAt && now.getTime() - member.lastSeenAt.getTime() < LAST_SEEN_RESOLUTION_MS) return;
  const stale = new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS);
  await db
    .update(users)
    .set({ lastSeenAt: now })
    .where(and(eq(users.id, member.id), or(isNull(users.lastSeenAt), lt(users.lastSeenAt, stale))));
}
