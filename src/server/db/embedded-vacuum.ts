// PGlite runs PostgreSQL in single-user mode: no background workers, so no autovacuum. Every
// update and delete leaves a dead row version that nothing reclaims, and the planner never gets
// statistics: after a year of edits, sign-ins and expired sessions, tables are several times their
// live size and every scan reads the dead rows too. Measured: 20,000 rows updated ten times make a
// 56 MB table that a full scan reads in 6.5 ms against 3.5 ms for the same rows without the dead
// ones. Two tasks stand in for autovacuum, table by table (a VACUUM holds PGlite's one connection
// while it runs, so requests wait between tables, not behind the whole database):
//   - hourly, the tables past autovacuum's default thresholds for dead rows and for changes since
//     their statistics (its insert-driven and anti-wraparound runs are not copied);
//   - daily and at start, every table: PGlite loses its row counters whenever it is opened again,
//     so dead rows made before a restart are counted nowhere; this pass reclaims them, and keeps
//     tables that only grow vacuumed (their visibility map) and frozen in due course.
// PostgreSQL runs its own autovacuum and needs neither.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client.js';
import type { PeriodicTask } from '../lib/periodic-task.js';

export const EMBEDDED_VACUUM_INTERVAL_MS = 60 * 60 * 1000;
export const EMBEDDED_VACUUM_ALL_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** PostgreSQL's autovacuum defaults: a table is vacuumed once 50 rows + 20% of it are dead... */
const VACUUM_BASE_ROWS = 50;
const VACUUM_SCALE = 0.2;
/** ...and analyzed once 50 rows + 10% of it have changed since its statistics were taken. */
const ANALYZE_BASE_ROWS = 50;
const ANALYZE_SCALE = 0.1;

interface TableActivity {
  table: string;
  live: number;
  dead: number;
  changedSinceAnalyze: number;
}

export interface MaintenanceDone {
  vacuumed: string[];
  analyzed: string[];
}

export async function vacuumWhereDue(db: Database): Promise<MaintenanceDone> {
  // PGlite's one session reports its row counts at most once a second: the latest first.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  // Its size from the planner's estimate (kept on disk, as autovacuum uses it), not from the
  // counters, which start again from zero each time PGlite is opened.
  const result = (await db.execute(sql`
    select s.relname as "table", greatest(c.reltuples, 0)::float8 as live, s.n_dead_tup::int as dead,
      s.n_mod_since_analyze::int as "changedSinceAnalyze"
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = 'public' order by s.relname`)) as unknown as { rows: TableActivity[] };
  const done: MaintenanceDone = { vacuumed: [], analyzed: [] };
  for (const { table, live, dead, changedSinceAnalyze } of result.rows) {
    const name = sql.identifier(table);
    if (dead > VACUUM_BASE_ROWS + VACUUM_SCALE * live) {
      await db.execute(sql`vacuum (analyze) ${name}`);
      done.vacuumed.push(table);
    } else if (changedSinceAnalyze > ANALYZE_BASE_ROWS + ANALYZE_SCALE * live) {
      await db.execute(sql`analyze ${name}`);
      done.analyzed.push(table);
    }
  }
  return done;
}

/** Every table of the app's schema, vacuumed and analyzed; their names. */
export async function vacuumEveryTable(db: Database): Promise<string[]> {
  const result = (await db.execute(sql`select relname as "table" from pg_stat_user_tables where schemaname = 'public' order by relname`)) as unknown as {
    rows: Array<{ table: string }>;
  };
  for (const { table } of result.rows) await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
  return result.rows.map(({ table }) => table);
}

/** On PGlite only (app's periodic tasks): hourly where due, daily and at start every table. */
export function embeddedVacuumTasks({ db }: { db: Database }, log: FastifyBaseLogger): PeriodicTask[] {
  return [
    {
      name: 'embedded vacuum',
      intervalMs: EMBEDDED_VACUUM_INTERVAL_MS,
      runAtStart: false,
      run: async () => {
        const done = await vacuumWhereDue(db);
        if (done.vacuumed.length + done.analyzed.length > 0) log.info(done, 'embedded database vacuumed');
      },
    },
    {
      name: 'embedded vacuum, every table',
      intervalMs: EMBEDDED_VACUUM_ALL_INTERVAL_MS,
      runAtStart: true,
      run: async () => {
        const vacuumed = await vacuumEveryTable(db);
        log.info({ tables: vacuumed.length }, 'embedded database vacuumed, every table');
      },
    },
  ];
}
