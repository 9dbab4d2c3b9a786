// The search migration (0013) on a database the previous schema made, with reports and clients
// in it: their text is folded into the new stored columns, so what was found before is found
// after, through the new indexes. Runs on PGlite, and on PostgreSQL with TEST_DATABASE=postgres.
import fs from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listClients } from '../clients/clients.service.js';
import { listProjects } from '../projects/projects.service.js';
import { MIGRATIONS, migrationsUpTo, openEmptyDatabase, rowsOf, type MigrationDatabase } from '../test-support/migration-database.js';

const LAST_BEFORE_SEARCH_COLUMNS = 12;

let handle: MigrationDatabase;
let previousFolder: string;
beforeAll(async () => {
  previousFolder = await migrationsUpTo(LAST_BEFORE_SEARCH_COLUMNS);
  handle = await openEmptyDatabase('cleanproof_search_migration');
});
afterAll(async () => {
  await handle.close();
  await fs.rm(previousFolder, { recursive: true, force: true });
});

describe('migrating a previous-main database to search by business', () => {
  it('folds every existing report and client into the searched columns and finds them as before', async () => {
    await handle.migrate(previousFolder);
    const { db } = handle;
    const [business] = await rowsOf<{ id: number }>(db, sql`insert into businesses default values returning id`);
    const [owner] = await rowsOf<{ id: number }>(
      db,
      sql`insert into users (email, password_hash, business_id, role, name, trial_ends_at)
        values ('ana@example.com', 'hash', ${business!.id}, 'owner', 'Ana', now() + interval '10 days') returning id`,
    );
    const [jose] = await rowsOf<{ id: number }>(db, sql`insert into clients (business_id, name) values (${business!.id}, 'José Ñúñez') returning id`);
    const [report] = await rowsOf<{ id: number }>(
      db,
      sql`insert into projects (business_id, created_by, client_id, client_name, description)
        values (${business!.id}, ${owner!.id}, ${jose!.id}, 'José Ñúñez', 'Ventanas y CRISTALERÍA') returning id`,
    );
    await db.execute(sql`insert into projects (business_id, created_by, client_name) values (${business!.id}, ${owner!.id}, 'Someone else')`);

    await handle.migrate(MIGRATIONS);

    const viewer = { id: owner!.id, businessId: business!.id, role: 'owner' as const };
    expect((await listProjects(db, viewer, { q: 'nunez', limit: 30 })).map((p) => p.id)).toEqual([report!.id]);
    expect((await listProjects(db, viewer, { q: 'cristaleria' })).map((p) => p.id)).toEqual([report!.id]);
    expect((await listClients(db, business!.id, { q: 'JOSE' })).map((c) => c.id)).toEqual([jose!.id]);
    const folded = await rowsOf<{ searchable_text: string }>(db, sql`select searchable_text from projects where id = ${report!.id}`);
    expect(folded).toEqual([{ searchable_text: 'jose nunez ventanas y cristaleria' }]);
    const indexes = await rowsOf<{ indexname: string }>(
      db,
      sql`select indexname from pg_indexes where tablename in ('projects', 'clients') and indexname like '%search%' order by indexname`,
    );
    expect(indexes.map((row) => row.indexname)).toEqual(['clients_business_id_search_idx', 'projects_business_id_search_idx']);
  });
});
