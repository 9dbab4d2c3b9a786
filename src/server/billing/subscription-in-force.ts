// What "Subscribed" means in the admin views (spec §6: status Subscribed or Trial): the SQL copy of
// isPaidThrough() in subscription-status.ts, kept beside it so the two change together.
// SQL so counting 100,000 users stays in the database; subscription-in-force.api.test.ts checks
// that the two agree on every status.
import { sql, type SQL } from 'drizzle-orm';
import type { BillingMode } from '../../shared/contract/billing.js';

/**
 * SQL condition over a row of the subscriptions table (referred to by its table name): paid
 * and in force now under the billing mode. Active (or trialing) unless cancelled with its period
 * over; a cancelled one until its paid period ends (spec §4: cancelling keeps access until the end
 * of the period). A sandbox row counts only in sandbox mode and only while its period runs.
 */
export function subscriptionInForce(now: Date, billingMode: BillingMode): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const sandboxCounts = billingMode === 'sandbox';
  // coalesce: a null period end must read as "not in force", not as SQL's unknown.
  return sql`coalesce(
    (subscriptions.provider = 'stripe' or (${sandboxCounts}::boolean and subscriptions.current_period_end > ${at}))
    and (
      (subscriptions.status in ('active', 'trialing')
        and not (subscriptions.cancel_at_period_end and subscriptions.current_period_end is not null and subscriptions.current_period_end <= ${at}))
      or (subscriptions.status = 'canceled' and subscriptions.current_period_end > ${at})
    ),
    false
  )`;
}
