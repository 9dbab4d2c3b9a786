// Periodic jobs run once per period across a fleet: two servers on one PostgreSQL,
// started together, run each job once; a run in progress keeps the other server out.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { createPostgresDatabase, type ThrowawayDatabase } from '../test-support/postgres-database.js';
import { runPeriodicTaskOnce, type PeriodicTask } from './periodic-task.js';

let database: ThrowawayDatabase;
let servers: TestApp[] = [];

beforeAll(async () => {
  // Always PostgreSQL: a fleet shares one (PGlite belongs to a single process).
  database = await createPostgresDatabase();
  servers = await Promise.all([startTestApp({ env: { DATABASE_URL: database.url } }), startTestApp({ env: { DATABASE_URL: database.url } })]);
}, 180_000);
afterAll(async () => {
  for (const server of servers) await server.close();
  await database?.drop();
});

const runCounts = async () =>
  new Map((await servers[0]!.query<{ name: string; run_count: number }>(sql`select name, run_count from job_runs`)).map((row) => [row.name, row.run_count]));

describe('periodic tasks on a fleet', () => {
  it('runs each start-up job once when two servers start together', async () => {
    // The jobs that run at start: the orphan sweep and the sandbox's period settling.
    for (let i = 0; i < 100 && (await runCounts()).size < 2; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    const counts = await runCounts();
    expect(counts.get('orphan photo sweep')).toBe(1);
    expect(counts.get('sandbox billing periods')).toBe(1);
    const ran = await Promise.all(servers.map(async (server) => (await server.client().get('/metrics')).text));
    const runsOf = (text: string) => Number(/cleanproof_periodic_task_runs_total\{task="orphan photo sweep",result="ran"\} (\d+)/.exec(text)?.[1] ?? 0);
    expect(ran.map(runsOf).sort()).toEqual([0, 1]);
  });

  it('lets one server run a task while the other skips it, even mid-run, and once per period', async () => {
    let runs = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const task: PeriodicTask = { name: `test task ${Date.now()}`, intervalMs: 60 * 60 * 1000, runAtStart: false, run: () => ((runs += 1), held) };
    const first = runPeriodicTaskOnce(servers[0]!.app, task);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await runPeriodicTaskOnce(servers[1]!.app, task)).toBe('skipped');
    release();
    expect(await first).toBe('ran');
    // Same period: neither server runs it again.
    expect(await runPeriodicTaskOnce(servers[1]!.app, task)).toBe('skipped');
    expect(await runPeriodicTaskOnce(servers[0]!.app, task)).toBe('skipped');
    expect(runs).toBe(1);
  });

  it('runs a task again in the next period', async () => {
    let runs = 0;
    const task: PeriodicTask = { name: `short task ${Date.now()}`, intervalMs: 500, runAtStart: false, run: async () => void (runs += 1) };
    expect(await runPeriodicTaskOnce(servers[0]!.app, task)).toBe('ran');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await runPeriodicTaskOnce(servers[1]!.app, task)).toBe('ran');
    expect(runs).toBe(2);
  });
});
