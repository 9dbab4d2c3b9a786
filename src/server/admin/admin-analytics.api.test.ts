import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AdminAnalytics } from '../../shared/contract/admin.js';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../test-support/test-app.js';
import { insertAccounts } from '../test-support/insert-accounts.js';
import { registerUser, uniqueEmail, type TestClient } from '../test-support/test-client.js';

// A fresh database holding only the users made here, so every count is exact.
let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await startTestApp();
  admin = t.client();
  expect((await admin.post('/api/admin/verify', { password: TEST_ADMIN_PASSWORD })).status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 3600_000;

/** Registers through the API, then moves the sign-up to a known instant (trial: 14 days later). */
async function registerAt(label: string, createdAt: string): Promise<{ id: number; email: string }> {
  const email = uniqueEmail(label);
  const { user } = await registerUser(t.client(), { email, businessName: `${label} Cleaning` });
  const created = new Date(createdAt);
  await t.query(
    sql`update users set created_at = ${created.toISOString()}::timestamptz, trial_ends_at = ${new Date(created.getTime() + 14 * DAY).toISOString()}::timestamptz where id = ${user.id}`,
  );
  return { id: user.id, email };
}

async function subscribe(userId: number, fields: { status: string; currentPeriodEnd: string; cancelAtPeriodEnd?: boolean }) {
  await t.query(sql`
    insert into subscriptions (user_id, provider, provider_subscription_id, status, current_period_end, cancel_at_period_end)
    values (${userId}, 'sandbox', ${`sub_test_${userId}`}, ${fields.status}, ${fields.currentPeriodEnd}::timestamptz, ${fields.cancelAtPeriodEnd ?? false})`);
  // As billing-sync.ts does: the user row names its subscription (spec §3's stripeSubscriptionId).
  await t.query(sql`update users set stripe_subscription_id = ${`sub_test_${userId}`} where id = ${userId}`);
}

async function fetchAnalytics(): Promise<AdminAnalytics> {
  const response = await admin.get<AdminAnalytics>('/api/admin/analytics');
  expect(response.status).toBe(200);
  return response.body;
}

describe('admin analytics (spec §3), with UTC day, week and month', () => {
  const people: Record<string, { id: number; email: string }> = {};

  it('counts known users exactly', async () => {
    // The clock stands on Wednesday 2026-03-18 12:00 UTC; the week began Monday 2026-03-16.
    people.todayLate = await registerAt('todaylate', '2026-03-18T11:00:00.000Z');
    people.todayStart = await registerAt('todaystart', '2026-03-18T00:00:00.000Z');
    people.yesterday = await registerAt('yesterday', '2026-03-17T23:59:59.999Z');
    people.monday = await registerAt('monday', '2026-03-16T00:00:00.000Z');
    people.sunday = await registerAt('sunday', '2026-03-15T23:59:59.000Z');
    people.monthStart = await registerAt('monthstart', '2026-03-01T00:00:00.000Z');
    people.lastMonth = await registerAt('lastmonth', '2026-02-28T23:59:59.000Z');
    people.january = await registerAt('january', '2026-01-10T09:00:00.000Z');

    await subscribe(people.todayStart!.id, { status: 'active', currentPeriodEnd: '2026-04-18T00:00:00Z' });
    // Cancelled to end with its period: still subscribed until 2026-04-10.
    await subscribe(people.monday!.id, { status: 'canceled', currentPeriodEnd: '2026-04-10T00:00:00Z', cancelAtPeriodEnd: true });
    await subscribe(people.sunday!.id, { status: 'past_due', currentPeriodEnd: '2026-04-15T00:00:00Z' });
    await subscribe(people.monthStart!.id, { status: 'canceled', currentPeriodEnd: '2026-03-10T00:00:00Z', cancelAtPeriodEnd: true });
    await subscribe(people.todayLate!.id, { status: 'incomplete', currentPeriodEnd: '2026-04-18T00:00:00Z' });

    t.clock.set(new Date('2026-03-18T12:00:00.000Z'));
    const analytics = await fetchAnalytics();
    expect(analytics).toMatchObject({
      totalUsers: 8,
      subscribedUsers: 2,
      trialUsers: 6,
      // monthStart (trial ended 03-15), lastMonth (03-14) and january.
      trialEndedUsers: 3,
      newUsersToday: 2,
      newUsersThisWeek: 4,
      newUsersThisMonth: 6,
      generatedAt: '2026-03-18T12:00:00.000Z',
    });

    expect(analytics.recentUsers.map((user) => user.email)).toEqual(
      ['todayLate', 'todayStart', 'yesterday', 'monday', 'sunday', 'monthStart', 'lastMonth', 'january'].map((key) => people[key]!.email),
    );
    expect(analytics.recentUsers.map((user) => user.status)).toEqual(['Trial', 'Subscribed', 'Trial', 'Subscribed', 'Trial', 'Trial', 'Trial', 'Trial']);
    // spec §3: each entry is a user, with its id and stripeSubscriptionId.
    expect(analytics.recentUsers[1]).toEqual({
      id: people.todayStart!.id,
      email: people.todayStart!.email,
      businessName: 'todaystart Cleaning',
      createdAt: '2026-03-18T00:00:00.000Z',
      trialEndsAt: '2026-04-01T00:00:00.000Z',
      stripeSubscriptionId: `sub_test_${people.todayStart!.id}`,
      status: 'Subscribed',
    });
    expect(analytics.recentUsers[0]?.stripeSubscriptionId).toBe(`sub_test_${people.todayLate!.id}`);
    expect(analytics.recentUsers[2]).toMatchObject({ id: people.yesterday!.id, stripeSubscriptionId: null });
  });

  it('gives sign-ups for each of the last 30 UTC days, zeros included', async () => {
    t.clock.set(new Date('2026-03-18T12:00:00.000Z'));
    const { signupsByDay } = await fetchAnalytics();
    expect(signupsByDay).toHaveLength(30);
    expect(signupsByDay[0]?.date).toBe('2026-02-17');
    expect(signupsByDay[29]?.date).toBe('2026-03-18');
    const nonZero = Object.fromEntries(signupsByDay.filter((day) => day.count > 0).map((day) => [day.date, day.count]));
    expect(nonZero).toEqual({ '2026-03-18': 2, '2026-03-17': 1, '2026-03-16': 1, '2026-03-15': 1, '2026-03-01': 1, '2026-02-28': 1 });
  });

  it('moves today, week and month with the clock, and ends a cancelled subscription with its period', async () => {
    t.clock.set(new Date('2026-03-19T00:00:00.000Z')); // Thursday, same week
    expect(await fetchAnalytics()).toMatchObject({ newUsersToday: 0, newUsersThisWeek: 4, newUsersThisMonth: 6, subscribedUsers: 2 });

    t.clock.set(new Date('2026-03-23T00:00:00.000Z')); // the next Monday
    expect(await fetchAnalytics()).toMatchObject({ newUsersToday: 0, newUsersThisWeek: 0, newUsersThisMonth: 6 });

    t.clock.set(new Date('2026-04-10T00:00:01.000Z')); // April; the cancelled period has just ended
    const april = await fetchAnalytics();
    expect(april).toMatchObject({ newUsersThisMonth: 0, subscribedUsers: 1, trialUsers: 7, totalUsers: 8 });
    expect(april.recentUsers.find((user) => user.email === people.monday!.email)?.status).toBe('Trial');
  });

  it(`lists only the 50 newest users, newest first`, async () => {
    t.clock.set(new Date('2026-03-18T12:00:00.000Z'));
    // 60 more users in December 2025, one a minute: all older than the eight above.
    await insertAccounts(
      t,
      sql`select 'bulk-' || n || '@example.com' as email, 'x' as password_hash, 'Bulk ' || n as business_name,
        timestamptz '2025-12-10T00:00:00Z' + n * interval '1 minute' as created_at, timestamptz '2025-12-24T00:00:00Z' as trial_ends_at
      from generate_series(1, 60) as n`,
    );
    const analytics = await fetchAnalytics();
    expect(analytics.totalUsers).toBe(68);
    expect(analytics.recentUsers).toHaveLength(50);
    expect(analytics.recentUsers[7]?.email).toBe(people.january!.email);
    expect(analytics.recentUsers[8]?.email).toBe('bulk-60@example.com');
    expect(analytics.recentUsers[49]?.email).toBe('bulk-19@example.com');
    t.clock.reset();
  });
});
