// spec §3 admin analytics, computed in the database: one pass of aggregates over users, an
// index range for the 30-day chart, and an index-ordered LIMIT for the newest users. Nothing
// here loads every user; see bench/admin-analytics.ts for the timing at 100,000 users.
// Raw SQL names columns as table.column: drizzle leaves interpolated columns unqualified inside
// select lists, which would be ambiguous in the correlated subquery.
import { desc, sql, type SQL } from 'drizzle-orm';
import { RECENT_USERS_LIMIT, SIGNUP_CHART_DAYS, type AdminAnalytics, type AdminRecentUser, type SignupDay } from '../../shared/contract/admin.js';
import { DAY_MS } from '../../shared/rules.js';
import type { BillingMode } from '../../shared/contract/billing.js';
import type { Database } from '../db/client.js';
import { users } from '../db/schema.js';
import { subscriptionInForce } from '../billing/subscription-in-force.js';
import { lastUtcDays, startOfUtcDay, startOfUtcMonth, startOfUtcWeek } from './utc-periods.js';

async function selectRows<T>(db: Database, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** True when the users row in scope has a subscription in force (one lookup in subscriptions_user_id_key). */
export function hasSubscriptionInForce(now: Date, billingMode: BillingMode): SQL<boolean> {
  return sql<boolean>`exists (select 1 from subscriptions where subscriptions.user_id = users.id and ${subscriptionInForce(now, billingMode)})`;
}

interface UserCounts {
  totalUsers: number;
  subscribedUsers: number;
  trialEndedUsers: number;
  newUsersToday: number;
  newUsersThisWeek: number;
  newUsersThisMonth: number;
  totalMembers: number;
}

/** The accounts that signed up (each its business's account row), not the members they invited. */
export const IS_ACCOUNT = sql`exists (select 1 from businesses where businesses.account_id = users.id)`;

/** One pass of aggregates over users, joined to the subscriptions in force (exported for the benchmark's EXPLAIN). */
export function userCountsQuery(now: Date, billingMode: BillingMode): SQL {
  return sql`
    select
      count(*)::int as "totalUsers",
      count(in_force.user_id)::int as "subscribedUsers",
      count(*) filter (where in_force.user_id is null and users.trial_ends_at <= ${timestamp(now)})::int as "trialEndedUsers",
      count(*) filter (where users.created_at >= ${timestamp(startOfUtcDay(now))})::int as "newUsersToday",
      count(*) filter (where users.created_at >= ${timestamp(startOfUtcWeek(now))})::int as "newUsersThisWeek",
      count(*) filter (where users.created_at >= ${timestamp(startOfUtcMonth(now))})::int as "newUsersThisMonth",
      (select count(*) from users where users.active)::int as "totalMembers"
    from users
    left join (select subscriptions.user_id from subscriptions where ${subscriptionInForce(now, billingMode)}) as in_force
      on in_force.user_id = users.id
    where ${IS_ACCOUNT}`;
}

async function countUsers(db: Database, now: Date, billingMode: BillingMode): Promise<UserCounts> {
  const [counts] = await selectRows<UserCounts>(db, userCountsQuery(now, billingMode));
  if (!counts) throw new Error('The user count query returned no row');
  return counts;
}

/** Sign-ups per UTC day over the chart's days: a created_at index range (exported for the benchmark's EXPLAIN). */
export function signupsByDayQuery(now: Date): SQL {
  const from = startOfUtcDay(new Date(now.getTime() - (SIGNUP_CHART_DAYS - 1) * DAY_MS));
  const until = new Date(startOfUtcDay(now).getTime() + DAY_MS);
  // Grouped by date first, formatted after: to_char on every row costs more than on 30 groups.
  return sql`
    select to_char(day, 'YYYY-MM-DD') as date, count
    from (
      select (users.created_at at time zone 'UTC')::date as day, count(*)::int as count
      from users
      where users.created_at >= ${timestamp(from)} and users.created_at < ${timestamp(until)} and ${IS_ACCOUNT}
      group by 1
    ) as days`;
}

async function countSignupsByDay(db: Database, now: Date): Promise<SignupDay[]> {
  const rows = await selectRows<{ date: string; count: number }>(db, signupsByDayQuery(now));
  const byDay = new Map(rows.map((row) => [row.date, row.count]));
  return lastUtcDays(now, SIGNUP_CHART_DAYS).map((date) => ({ date, count: byDay.get(date) ?? 0 }));
}

/** The newest users, read backwards along users_created_at_idx (exported for the benchmark's EXPLAIN). */
export function recentUsersQuery(db: Database, now: Date, billingMode: BillingMode) {
  return db
    .select({
      id: users.id,
      email: users.email,
      businessName: users.businessName,
      createdAt: users.createdAt,
      trialEndsAt: users.trialEndsAt,
      stripeSubscriptionId: users.stripeSubscriptionId,
      isSubscribed: hasSubscriptionInForce(now, billingMode),
    })
    .from(users)
    .where(IS_ACCOUNT)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(RECENT_USERS_LIMIT);
}

async function listRecentUsers(db: Database, now: Date, billingMode: BillingMode): Promise<AdminRecentUser[]> {
  const rows = await recentUsersQuery(db, now, billingMode);
  return rows.map((row) => ({
    id: row.id,
    // An account always has an email; only invited members may lack one.
    email: row.email ?? '',
    businessName: row.businessName,
    createdAt: row.createdAt.toISOString(),
    trialEndsAt: row.trialEndsAt.toISOString(),
    stripeSubscriptionId: row.stripeSubscriptionId,
    status: row.isSubscribed ? 'Subscribed' : 'Trial',
  }));
}

export async function computeAdminAnalytics(db: Database, now: Date, billingMode: BillingMode): Promise<AdminAnalytics> {
  const [counts, signupsByDay, recentUsers] = await Promise.all([
    countUsers(db, now, billingMode),
    countSignupsByDay(db, now),
    listRecentUsers(db, now, billingMode),
  ]);
  return {
    totalUsers: counts.totalUsers,
    // spec §6: every user is either Subscribed or Trial, so the two add up to the total.
    trialUsers: counts.totalUsers - counts.subscribedUsers,
    trialEndedUsers: counts.trialEndedUsers,
    subscribedUsers: counts.subscribedUsers,
    newUsersToday: counts.newUsersToday,
    newUsersThisWeek: counts.newUsersThisWeek,
    newUsersThisMonth: counts.newUsersThisMonth,
    totalMembers: counts.totalMembers,
    recentUsers,
    signupsByDay,
    generatedAt: now.toISOString(),
  };
}
