// Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Both speak the same SQL, so the same schema, migrations and queries serve both.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** PostgreSQL session advisory locks: one holder across every server of a fleet. */
export interface AdvisoryLocks {
  /** Runs `task` holding the lock named `name`; resolves false without running it while another session holds it. */
  tryWithLock(name: string, task: () => Promise<void>): Promise<boolean>;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  locks: AdvisoryLocks;
  /** PGlite only: a gzipped tarball of the data folder as it is between two statements (for backups). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

/**
 * Search's trigram indexes, accent folding and the business id inside a GIN index (btree_gin) need
 * these; every PGlite opened on our data loads them.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent, btree_gin };

/** drizzle/ sits at the repository root, three levels above src/server/db and dist/server/db. */
const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/** Any 32-bit key: serialises migrations when several servers start against one PostgreSQL. */
const MIGRATION_LOCK_KEY = 7_441_366;

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** PGlite data folder; 'memory://' keeps it in memory (tests only). */
  pgliteDataDir?: string;
  poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  const dataDir = options.pgliteDataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) await fs.mkdir(path.dirname(dataDir), { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  // One process owns a PGlite database, so its one session is every lock's holder; the lock
  // still keeps two runs of one task in this process apart.
  const locks: AdvisoryLocks = {
    async tryWithLock(name, task) {
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [name]);
      if (!rows[0]?.locked) return false;
      try {
        await task();
      } finally {
        await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
      }
      return true;
    },
  };
  const dumpDataDir = async (): Promise<Blob> => {
    // Written out first, so a restore replays little WAL.
    await client.query('checkpoint');
    return client.dumpDataDir('gzip');
  };
  return { db: db as unknown as Database, kind: 'pglite', locks, dumpDataDir, close: () => client.close() };
}

async function openPostgres(databaseUrl: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, connectionTimeoutMillis: 5_000 });
  // An idle client losing its connection (PostgreSQL restarting) must not crash the process;
  // the next query gets a fresh connection or a clear 503.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema });
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lockClient.release();
  }
  return { db: db as unknown as Database, kind: 'postgres', locks: createPoolLocks(pool), close: () => pool.end() };
}

/**
 * A session lock lives as long as its connection, so each lock holds one pooled connection for
 * the task's duration. If that connection dies mid-task, PostgreSQL frees the lock by itself.
 */
function createPoolLocks(pool: pg.Pool): AdvisoryLocks {
  return {
    async tryWithLock(name, task) {
      const client = await pool.connect();
      let broken = false;
      try {
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [name]);
        if (!rows[0]?.locked) return false;
        try {
          await task();
        } finally {
          await client.query('select pg_advisory_unlock(hashtext($1))', [name]).catch(() => {
            broken = true;
          });
        }
        return true;
      } catch (error) {
        broken = true;
        throw error;
      } finally {
        client.release(broken);
      }
    },
  };
}

/** True for errors that mean "the database cannot be reached right now" (answered with 503). */
export function isDatabaseUnavailableError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: string }).code;
  if (code && ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006'].includes(code)) return true;
  const cause = (error as { cause?: unknown }).cause;
  if (cause && cause !== error && isDatabaseUnavailableError(cause)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i.test(
    error.message,
  );
}

/** PostgreSQL unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}
