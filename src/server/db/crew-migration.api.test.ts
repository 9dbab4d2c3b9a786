// The crew migration (0012) on a database made by the previous schema, with data in it: every
// account becomes the owner of a business of one with the same id, and its reports, photos,
// clients, templates, links and subscription stay, now the business's. Runs on PGlite, and on
// PostgreSQL with TEST_DATABASE=postgres.
import fs from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.js';
import { loadMemberById } from '../auth/members.js';
import { MIGRATIONS, migrationsUpTo, openEmptyDatabase, rowsOf, type MigrationDatabase } from '../test-support/migration-database.js';

const LAST_BEFORE_CREW = 11;

const countOf = async (db: Database, table: string): Promise<number> =>
  (await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]?.n ?? -1;

/** Two accounts as the previous main made them: reports with photos and a pair, a link, a client, a template, a subscription. */
async function seedPreviousMain(db: Database): Promise<{ ana: number; luis: number }> {
  const [ana, luis] = await rowsOf<{ id: number }>(
    db,
    sql`insert into users (email, password_hash, business_name, trial_ends_at) values
      ('ana@example.com', 'hash-a', 'Ana Cleaning', now() + interval '10 days'),
      ('luis@example.com', 'hash-l', null, now() - interval '1 day')
    returning id`,
  );
  for (const owner of [ana!.id, luis!.id]) {
    const [client] = await rowsOf<{ id: number }>(db, sql`insert into clients (user_id, name) values (${owner}, 'Acme') returning id`);
    await db.execute(sql`insert into templates (user_id, name, areas) values (${owner}, 'Office', '[]'::jsonb)`);
    for (const n of [1, 2]) {
      const [project] = await rowsOf<{ id: number }>(
        db,
        sql`insert into projects (user_id, client_name, client_id) values (${owner}, ${`Job ${n}`}, ${client!.id}) returning id`,
      );
      const photoIds: number[] = [];
      for (const type of ['before', 'after']) {
        const [photo] = await rowsOf<{ id: number }>(
          db,
          sql`insert into photos (project_id, type, storage_key, thumbnail_key, width, height, byte_size, sha256)
            values (${project!.id}, ${type}, ${`projects/${project!.id}/${type}.jpg`}, ${`projects/${project!.id}/${type}.webp`}, 1024, 768, 1000, 'abc')
            returning id`,
        );
        photoIds.push(photo!.id);
      }
      await db.execute(sql`insert into photo_pairs (project_id, before_photo_id, after_photo_id) values (${project!.id}, ${photoIds[0]}, ${photoIds[1]})`);
      await db.execute(
        sql`insert into share_links (project_id, token, expires_at) values (${project!.id}, ${`token-${project!.id}`}, now() + interval '7 days')`,
      );
    }
  }
  await db.execute(sql`insert into subscriptions (user_id, provider, provider_subscription_id, status) values (${ana!.id}, 'sandbox', 'sub_ana', 'active')`);
  await db.execute(sql`insert into sessions (token_hash, user_id, expires_at) values ('session-ana', ${ana!.id}, now() + interval '1 day')`);
  return { ana: ana!.id, luis: luis!.id };
}

const TABLES = ['users', 'sessions', 'projects', 'photos', 'photo_pairs', 'share_links', 'clients', 'templates', 'subscriptions'];

let handle: MigrationDatabase;
let previousFolder: string;
beforeAll(async () => {
  previousFolder = await migrationsUpTo(LAST_BEFORE_CREW);
  handle = await openEmptyDatabase('cleanproof_crew_migration');
});
afterAll(async () => {
  await handle.close();
  await fs.rm(previousFolder, { recursive: true, force: true });
});

describe('migrating a previous-main database to businesses and members', () => {
  it('keeps every row, and makes each account the owner of a business of one with its own id', async () => {
    await handle.migrate(previousFolder);
    const { ana, luis } = await seedPreviousMain(handle.db);
    const before = Object.fromEntries(await Promise.all(TABLES.map(async (table) => [table, await countOf(handle.db, table)] as const)));
    expect(before).toMatchObject({ users: 2, projects: 4, photos: 8, photo_pairs: 4, share_links: 4, clients: 2, templates: 2, subscriptions: 1 });

    await handle.migrate(MIGRATIONS);

    const after = Object.fromEntries(await Promise.all(TABLES.map(async (table) => [table, await countOf(handle.db, table)] as const)));
    expect(after).toEqual(before);
    expect(await countOf(handle.db, 'businesses')).toBe(2);
    const members = await rowsOf<{ id: number; business_id: number; role: string; active: boolean; name: string }>(
      handle.db,
      sql`select id, business_id, role, active, name from users order by id`,
    );
    expect(members).toEqual([
      { id: ana, business_id: ana, role: 'owner', active: true, name: 'ana' },
      { id: luis, business_id: luis, role: 'owner', active: true, name: 'luis' },
    ]);
    const accounts = await rowsOf<{ id: number; account_id: number }>(handle.db, sql`select id, account_id from businesses order by id`);
    expect(accounts).toEqual([
      { id: ana, account_id: ana },
      { id: luis, account_id: luis },
    ]);
    // Reports, clients and templates are the business's; reports and photos name who made them.
    const owned = await rowsOf<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from projects where business_id = created_by and created_by in (${ana}, ${luis})`,
    );
    expect(owned[0]?.n).toBe(4);
    const attributed = await rowsOf<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from photos join projects on projects.id = photos.project_id where photos.taken_by = projects.created_by`,
    );
    expect(attributed[0]?.n).toBe(8);
    expect((await rowsOf<{ n: number }>(handle.db, sql`select count(*)::int as n from clients where business_id in (${ana}, ${luis})`))[0]?.n).toBe(2);
    expect((await rowsOf<{ n: number }>(handle.db, sql`select count(*)::int as n from templates where business_id in (${ana}, ${luis})`))[0]?.n).toBe(2);

    // The account signs in as the owner, with its business's name, trial and subscription.
    const member = await loadMemberById(handle.db, ana);
    expect(member).toMatchObject({ id: ana, role: 'owner', businessId: ana, accountId: ana, businessName: 'Ana Cleaning' });
    const subscription = await rowsOf<{ user_id: number }>(handle.db, sql`select user_id from subscriptions`);
    expect(subscription).toEqual([{ user_id: member!.accountId }]);

    // A business registered after the migration gets a new id, past every migrated one.
    const [next] = await rowsOf<{ id: number }>(handle.db, sql`insert into businesses default values returning id`);
    expect(next!.id).toBeGreaterThan(Math.max(ana, luis));
  });
});
