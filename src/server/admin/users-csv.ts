// The CSV export of users (spec §6: columns Email, Business Name, Signup Date, Trial Ends,
// Status), newest first. Read in keyset pages and streamed, so memory stays flat however many
// users there are. Dates are UTC calendar days (YYYY-MM-DD), which spreadsheets read as dates.
import { and, desc, sql, type SQL } from 'drizzle-orm';
import { ADMIN_USERS_CSV_COLUMNS } from '../../shared/contract/admin.js';
import { toCsvRecord, UTF8_BOM } from '../../shared/csv.js';
import type { BillingMode } from '../../shared/contract/billing.js';
import type { Database } from '../db/client.js';
import { users } from '../db/schema.js';
import { hasSubscriptionInForce, IS_ACCOUNT as ACCOUNT_ROWS } from './admin-analytics.js';
import { utcDateKey } from './utc-periods.js';

const PAGE_SIZE = 1000;

/** Where the previous page ended; created_at kept as database text so microseconds are not lost. */
export interface PageEnd {
  createdAtText: string;
  id: number;
}

/** One page of the export, newest first, after the previous page (exported for the benchmark's EXPLAIN). */
export function usersCsvPageQuery(db: Database, now: Date, billingMode: BillingMode, after: PageEnd | undefined) {
  const olderThan: SQL | undefined = after ? sql`(users.created_at, users.id) < (${after.createdAtText}::timestamptz, ${after.id})` : undefined;
  return db
    .select({
      id: users.id,
      email: users.email,
      businessName: users.businessName,
      createdAt: users.createdAt,
      createdAtText: sql<string>`users.created_at::text`,
      trialEndsAt: users.trialEndsAt,
      isSubscribed: hasSubscriptionInForce(now, billingMode),
    })
    .from(users)
    .where(and(ACCOUNT_ROWS, olderThan))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(PAGE_SIZE);
}

/** The export as text chunks: the BOM and header first, then one chunk per page of users. */
export async function* generateUsersCsv(db: Database, now: Date, billingMode: BillingMode): AsyncGenerator<string> {
  yield UTF8_BOM + toCsvRecord(ADMIN_USERS_CSV_COLUMNS);
  let after: PageEnd | undefined;
  for (;;) {
    const page = await usersCsvPageQuery(db, now, billingMode, after);
    if (page.length > 0) {
      yield page
        .map((user) =>
          toCsvRecord([
            user.email ?? '',
            user.businessName ?? '',
            utcDateKey(user.createdAt),
            utcDateKey(user.trialEndsAt),
            user.isSubscribed ? 'Subscribed' : 'Trial',
          ]),
        )
        .join('');
    }
    const last = page.at(-1);
    if (page.length < PAGE_SIZE || !last) return;
    after = { createdAtText: last.createdAtText, id: last.id };
  }
}
