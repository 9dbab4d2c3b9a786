// A fingerprint of every application table (row count + checksum of the rows), taken before and
// after a request: a rejected request must leave it unchanged.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

export type DatabaseSnapshot = Record<string, { rows: number; checksum: string }>;

async function rows<T>(db: Database, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

let tableNamesCache: WeakMap<Database, string[]> = new WeakMap();

async function tableNames(db: Database): Promise<string[]> {
  const cached = tableNamesCache.get(db);
  if (cached) return cached;
  const found = await rows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  // job_runs is the periodic tasks' own bookkeeping, written on their schedule (a task's first run
  // may fall in the middle of a slow test), never by a request: it is no part of what a request changed.
  const names = found.map((row) => row.name).filter((name) => name !== 'job_runs');
  tableNamesCache.set(db, names);
  return names;
}

/** Forget the table list (after a migration added tables). */
export function resetSnapshotCache(): void {
  tableNamesCache = new WeakMap();
}

/**
 * A row as text, without a member's last-seen time: any signed-in request may move it (at most every
 * few minutes), so it is no part of what a request changed.
 */
const ROW_TEXT = sql.raw(`(to_jsonb(t) - 'last_seen_at')::text`);

export async function snapshotDatabase(db: Database): Promise<DatabaseSnapshot> {
  const names = await tableNames(db);
  if (names.length === 0) return {};
  // One statement for all tables: the row text, sorted, hashed (md5 exists on PGlite and PostgreSQL).
  const parts = names.map(
    (name) =>
      sql`select ${name}::text as name, count(*)::int as rows, coalesce(md5(string_agg(${ROW_TEXT}, '|' order by ${ROW_TEXT})), '') as checksum from ${sql.identifier(name)} t`,
  );
  const union = sql.join(parts, sql` union all `);
  const result = await rows<{ name: string; rows: number; checksum: string }>(db, union);
  return Object.fromEntries(result.map((row) => [row.name, { rows: Number(row.rows), checksum: row.checksum }]));
}

/** Human-readable list of tables that differ, empty when equal. */
export function diffSnapshots(before: DatabaseSnapshot, after: DatabaseSnapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changed: string[] = [];
  for (const name of names) {
    const a = before[name];
    const b = after[name];
    if (a?.rows !== b?.rows || a?.checksum !== b?.checksum)
      changed.push(`${name}: ${a?.rows ?? 0} -> ${b?.rows ?? 0} rows${a?.rows === b?.rows ? ' (contents changed)' : ''}`);
  }
  return changed;
}
