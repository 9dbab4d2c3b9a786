// A migration test's database: empty PGlite (or a throwaway PostgreSQL database with
// TEST_DATABASE=postgres), migrated step by step, first with a copy of drizzle/ that stops at an
// earlier migration, then with the whole folder, as an upgraded server would.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PGLITE_EXTENSIONS, type Database } from '../db/client.js';
import * as schema from '../db/schema.js';
import { createPostgresDatabase } from './postgres-database.js';
import { testDatabaseKind } from './test-app.js';

export const MIGRATIONS = fileURLToPath(new URL('../../../drizzle', import.meta.url));

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** A copy of drizzle/ holding the migrations up to `lastIdx` (its journal's idx); remove it after. */
export async function migrationsUpTo(lastIdx: number): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-previous-migrations-'));
  await fs.mkdir(path.join(folder, 'meta'));
  const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as Journal;
  const entries = journal.entries.filter((entry) => entry.idx <= lastIdx);
  for (const entry of entries) await fs.copyFile(path.join(MIGRATIONS, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  await fs.writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

export interface MigrationDatabase {
  db: Database;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

export async function openEmptyDatabase(prefix: string): Promise<MigrationDatabase> {
  if (testDatabaseKind === 'postgres') {
    const throwaway = await createPostgresDatabase(prefix);
    const pool = new pg.Pool({ connectionString: throwaway.url, max: 2 });
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Database,
      migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
      close: async () => {
        await pool.end();
        await throwaway.drop();
      },
    };
  }
  const client = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS });
  const db = drizzlePglite(client, { schema });
  return { db: db as unknown as Database, migrate: (folder) => migratePglite(db, { migrationsFolder: folder }), close: () => client.close() };
}

export const rowsOf = async <T>(db: Database, statement: SQL): Promise<T[]> => ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
