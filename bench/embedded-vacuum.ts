// npm run bench:embedded-vacuum: a year of edits on the embedded database (PGlite), with the
// hourly embedded-vacuum task (src/server/db/embedded-vacuum.ts) and without it, side by side in
// one run. Two fresh databases each get a business with 3,000 reports; then the "year": every
// report edited VACUUM_EDITS times (a round edits every report once; the task runs after every
// VACUUM_EDITS_PER_RUN rounds in the first database only, as an hourly run would between bursts of
// edits). Printed for each: the reports table's size, its dead rows, and the home screen's queries
// (the first page, 30 reports, and a search for a client) in ms, medians of VACUUM_QUERIES runs.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client.js';
import { vacuumWhereDue } from '../src/server/db/embedded-vacuum.js';
import { listProjects } from '../src/server/projects/projects.service.js';
import type { ProjectViewer } from '../src/server/project-access/project-access.js';
import { median, printTable } from './bench-support.js';

const REPORTS = 3_000;
const EDITS = Number(process.env.VACUUM_EDITS ?? 40);
const EDITS_PER_RUN = Number(process.env.VACUUM_EDITS_PER_RUN ?? 2);
const QUERIES = Number(process.env.VACUUM_QUERIES ?? 30);

const rowsOf = async <T>(handle: DatabaseHandle, statement: ReturnType<typeof sql>) => ((await handle.db.execute(statement)) as unknown as { rows: T[] }).rows;

async function seeded(dir: string): Promise<{ handle: DatabaseHandle; viewer: ProjectViewer }> {
  const handle = await openDatabase({ pgliteDataDir: path.join(dir, 'db') });
  const [business] = await rowsOf<{ id: number }>(handle, sql`insert into businesses default values returning id`);
  const [owner] = await rowsOf<{ id: number }>(
    handle,
    sql`insert into users (email, password_hash, business_id, role, name, trial_ends_at)
      values ('owner@example.com', 'hash', ${business!.id}, 'owner', 'Ana', now() + interval '10 days') returning id`,
  );
  await handle.db.execute(sql`insert into projects (business_id, created_by, client_name, description)
    select ${business!.id}, ${owner!.id}, 'Client ' || lpad(g::text, 4, '0'), 'Weekly office clean' from generate_series(1, ${REPORTS}) g`);
  await handle.db.execute(sql`vacuum analyze`);
  return { handle, viewer: { id: owner!.id, businessId: business!.id, role: 'owner' } };
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return median(times);
}

async function figures(handle: DatabaseHandle, viewer: ProjectViewer) {
  await handle.db.execute(sql`select pg_stat_force_next_flush()`);
  const [table] = await rowsOf<{ bytes: number; dead: number }>(
    handle,
    sql`select pg_total_relation_size('projects')::bigint::float8 as bytes,
      (select n_dead_tup::int from pg_stat_user_tables where relname = 'projects') as dead`,
  );
  return {
    mb: (table!.bytes / 1024 / 1024).toFixed(1),
    dead: table!.dead,
    firstPage: (await timed(() => listProjects(handle.db, viewer, { limit: 30 }))).toFixed(2),
    search: (await timed(() => listProjects(handle.db, viewer, { q: 'Client 1234' }))).toFixed(2),
  };
}

async function main(): Promise<void> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-vacuum-bench-'));
  const withTask = await seeded(path.join(root, 'with'));
  const without = await seeded(path.join(root, 'without'));
  try {
    const before = await figures(withTask.handle, withTask.viewer);
    let vacuumMs = 0;
    for (let round = 1; round <= EDITS; round++) {
      // The two databases edited in turn, so both see the same load on the machine.
      for (const { handle } of [withTask, without]) await handle.db.execute(sql`update projects set description = ${`Weekly office clean, visit ${round}`}`);
      if (round % EDITS_PER_RUN === 0) {
        const started = performance.now();
        await vacuumWhereDue(withTask.handle.db);
        vacuumMs = Math.max(vacuumMs, performance.now() - started);
      }
    }
    const rows = [
      ['freshly made', before],
      ['after the year, with the task', await figures(withTask.handle, withTask.viewer)],
      ['after the year, without it', await figures(without.handle, without.viewer)],
    ] as const;
    console.log(`${REPORTS} reports, each edited ${EDITS} times; the task ran after every ${EDITS_PER_RUN} rounds (longest run ${vacuumMs.toFixed(0)} ms)`);
    printTable(
      ['database', 'reports table MB', 'dead rows', 'first page ms', 'search ms'],
      rows.map(([name, f]) => [name, f.mb, f.dead, f.firstPage, f.search]),
    );
  } finally {
    await withTask.handle.close();
    await without.handle.close();
    await fs.rm(root, { recursive: true, force: true });
  }
}

await main();
