// Accounts made straight in the database (hundreds at once, for counts and paging): each is the
// owner and the account row of a business of its own, as registering makes it.
import { sql, type SQL } from 'drizzle-orm';
import type { TestApp } from './test-app.js';

/**
 * `rows` selects email, password_hash, business_name, created_at and trial_ends_at (in any order,
 * by those names); answers the new users' ids.
 */
export async function insertAccounts(t: Pick<TestApp, 'query'>, rows: SQL): Promise<number[]> {
  const inserted = await t.query<{ id: number }>(sql`
    with source as (
      select s.*, nextval(pg_get_serial_sequence('users', 'id')) as new_user_id, nextval(pg_get_serial_sequence('businesses', 'id')) as new_business_id
      from (${rows}) as s
    ),
    new_businesses as (insert into businesses (id, created_at) select new_business_id, created_at from source)
    insert into users (id, email, password_hash, business_name, created_at, trial_ends_at, business_id, name) overriding system value
    select new_user_id, email, password_hash, business_name, created_at, trial_ends_at, new_business_id, split_part(email, '@', 1) from source
    returning id`);
  await t.query(sql`update businesses set account_id = users.id from users where users.business_id = businesses.id and businesses.account_id is null`);
  return inserted.map((row) => row.id);
}
