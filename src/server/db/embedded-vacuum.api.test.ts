// PGlite has no autovacuum: the embedded-vacuum task reclaims dead rows and keeps the planner's
// statistics, so a table edited all year long stays the size of what it holds, restarts included.
// Always on PGlite (the database it is for); the last test checks which set-up schedules it.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.js';
import { vacuumEveryTable, vacuumWhereDue } from './embedded-vacuum.js';
import { seedFromPgliteTemplate } from '../test-support/pglite-template.js';
import { rowsOf } from '../test-support/migration-database.js';
import { startTestApp, testDatabaseKind } from '../test-support/test-app.js';

const REPORTS = 2_000;

let handle: DatabaseHandle;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-vacuum-'));
  await seedFromPgliteTemplate(path.join(dataDir, 'db'));
  handle = await openDatabase({ pgliteDataDir: path.join(dataDir, 'db') });
  const { db } = handle;
  const [business] = await rowsOf<{ id: number }>(db, sql`insert into businesses default values returning id`);
  const [owner] = await rowsOf<{ id: number }>(
    db,
    sql`insert into users (email, password_hash, business_id, role, name, trial_ends_at)
      values ('ana@example.com', 'hash', ${business!.id}, 'owner', 'Ana', now() + interval '10 days') returning id`,
  );
  await db.execute(sql`insert into projects (business_id, created_by, client_name, description)
    select ${business!.id}, ${owner!.id}, 'Client ' || g, 'Weekly clean' from generate_series(1, ${REPORTS}) g`);
}, 60_000);
afterAll(async () => {
  await handle?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const projectsTable = async () => {
  // The session reports its counts at most once a second: the latest first.
  await handle.db.execute(sql`select pg_stat_force_next_flush()`);
  const [row] = await rowsOf<{ bytes: number; dead: number; estimate: number }>(
    handle.db,
    sql`select pg_relation_size('projects')::int as bytes, reltuples::int as estimate,
      (select n_dead_tup::int from pg_stat_user_tables where relname = 'projects') as dead
      from pg_class where relname = 'projects'`,
  );
  return row!;
};
const editEveryReport = (round: number) => handle.db.execute(sql`update projects set description = ${`Weekly clean, visit ${round}`}`);

describe('vacuuming the embedded database (PGlite)', () => {
  it('leaves tables alone below autovacuum’s thresholds', async () => {
    await vacuumWhereDue(handle.db);
    await handle.db.execute(sql`update projects set description = 'Deep clean' where id in (select id from projects order by id limit 10)`);
    const done = await vacuumWhereDue(handle.db);
    expect(done.vacuumed).not.toContain('projects');
    expect((await projectsTable()).dead).toBe(10);
  });

  it('reclaims the dead rows of a table edited over and over, with its statistics, so it stops growing', async () => {
    for (let round = 1; round <= 4; round++) await editEveryReport(round);
    const bloated = await projectsTable();
    expect(bloated.dead).toBeGreaterThanOrEqual(4 * REPORTS);

    const done = await vacuumWhereDue(handle.db);
    expect(done.vacuumed).toContain('projects');
    const vacuumed = await projectsTable();
    expect(vacuumed.dead).toBe(0);
    expect(vacuumed.estimate).toBe(REPORTS);

    // A year of edits, vacuumed as the task does: the table reuses the space of its dead rows.
    for (let round = 5; round <= 20; round++) {
      await editEveryReport(round);
      if (round % 2 === 0) await vacuumWhereDue(handle.db);
    }
    expect((await projectsTable()).bytes).toBeLessThanOrEqual(vacuumed.bytes);
    // Without it, the same edits pile up: the table grows by a copy of every row each time.
    for (let round = 21; round <= 28; round++) await editEveryReport(round);
    expect((await projectsTable()).bytes).toBeGreaterThan(vacuumed.bytes);
  }, 60_000);

  it('reclaims dead rows made before PGlite was opened again, which its counters no longer know of', async () => {
    for (let round = 30; round <= 33; round++) await editEveryReport(round);
    await handle.close();
    handle = await openDatabase({ pgliteDataDir: path.join(dataDir, 'db') });
    // Opened again, PGlite has lost its counters: the hourly pass sees nothing to do.
    expect((await projectsTable()).dead).toBe(0);
    expect((await vacuumWhereDue(handle.db)).vacuumed).toEqual([]);
    const bloated = await projectsTable();

    // The pass over every table (daily, and at start) vacuums them all...
    const tables = await vacuumEveryTable(handle.db);
    expect(tables).toEqual(expect.arrayContaining(['projects', 'photos', 'sessions', 'users']));
    const vacuumed = await rowsOf<{ table: string }>(
      handle.db,
      sql`select relname as "table" from pg_stat_user_tables where schemaname = 'public' and last_vacuum is not null`,
    );
    expect(vacuumed.map(({ table }) => table).sort()).toEqual([...tables].sort());
    // ...so the space of those dead rows is used again: more edits, no growth.
    for (let round = 34; round <= 36; round++) await editEveryReport(round);
    expect((await projectsTable()).bytes).toBeLessThanOrEqual(bloated.bytes);
  }, 60_000);

  it('runs on a server with the embedded database, and not on PostgreSQL, which vacuums by itself', async () => {
    const server = await startTestApp();
    try {
      const ran = async () =>
        (await server.query<{ name: string }>(sql`select name from job_runs where name like 'embedded vacuum%' order by name`)).map(({ name }) => name);
      if (testDatabaseKind === 'pglite') {
        // The pass over every table runs as the server starts; the hourly one an hour later.
        await expect.poll(ran, { timeout: 10_000 }).toEqual(['embedded vacuum, every table']);
      } else {
        // The start-up sweep has run by then; the vacuum never does.
        await expect
          .poll(async () => (await server.query(sql`select name from job_runs where name = 'orphan photo sweep'`)).length, { timeout: 10_000 })
          .toBe(1);
        expect(await ran()).toEqual([]);
      }
    } finally {
      await server.close();
    }
  }, 60_000);
});
