import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { computeSubscriptionStatus } from './subscription-status.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { insertAccounts } from '../test-support/insert-accounts.js';
import { subscriptionInForce } from './subscription-in-force.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const NOW = new Date('2026-03-18T12:00:00.000Z');
const STATUSES = ['incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'unpaid', 'canceled', 'paused'];
const PERIOD_ENDS = [null, new Date('2026-03-18T11:59:59.000Z'), NOW, new Date('2026-03-18T12:00:01.000Z')];

const PROVIDERS = ['sandbox', 'stripe'] as const;

it.each(['sandbox', 'stripe', 'none'] as const)("counts as Subscribed exactly the subscriptions billing's status calls active (%s mode)", async (mode) => {
  const cases = PROVIDERS.flatMap((provider) =>
    STATUSES.flatMap((status) =>
      PERIOD_ENDS.flatMap((currentPeriodEnd) => [false, true].map((cancelAtPeriodEnd) => ({ provider, status, currentPeriodEnd, cancelAtPeriodEnd }))),
    ),
  );
  await t.query(sql`delete from users`);
  for (const [index, subscription] of cases.entries()) {
    const [userId] = await insertAccounts(
      t,
      sql`select ${`case-${index}@example.com`}::text as email, 'x' as password_hash, null::text as business_name, now() as created_at, now() as trial_ends_at`,
    );
    await t.query(sql`insert into subscriptions (user_id, provider, provider_subscription_id, status, current_period_end, cancel_at_period_end)
      values (${userId!}, ${subscription.provider}, ${`sub_case_${index}`}, ${subscription.status}, ${subscription.currentPeriodEnd?.toISOString() ?? null}::timestamptz, ${subscription.cancelAtPeriodEnd})`);
  }
  const rows = await t.query<{ email: string; in_force: boolean }>(
    sql`select users.email, ${subscriptionInForce(NOW, mode)} as in_force from users join subscriptions on subscriptions.user_id = users.id`,
  );
  const inForce = new Map(rows.map((row) => [row.email, row.in_force]));
  const mismatches = cases.filter((subscription, index) => {
    const billing = computeSubscriptionStatus({ trialEndsAt: new Date(0) }, subscription, NOW, mode).subscriptionActive;
    return inForce.get(`case-${index}@example.com`) !== billing;
  });
  expect(mismatches).toEqual([]);
  expect(rows.filter((row) => row.in_force).length).toBeGreaterThan(0);
});
