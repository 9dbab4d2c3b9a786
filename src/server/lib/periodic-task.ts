// Background work a server does now and then (sweeps, cleanups, sandbox renewals). In a fleet
// each task runs once per period across all servers: a run takes the task's PostgreSQL
// advisory lock (no two runs at once, however long one takes), then claims the current period in
// job_runs by database time (so servers started together, or with different clocks, do not each
// run it). The servers that lose simply wait for the next period.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';

export interface PeriodicTask {
  /** Names the task in job_runs, the lock, logs and metrics. */
  name: string;
  intervalMs: number;
  /** Also run once as soon as the server is ready (when this period has not run it yet). */
  runAtStart: boolean;
  run: () => Promise<void>;
}

export type PeriodicTaskOutcome = 'ran' | 'skipped';

/** Claims the current period for the task; false when a server has already run it in this period. */
async function claimPeriod(db: Database, task: PeriodicTask): Promise<boolean> {
  const period = sql`floor(extract(epoch from now()) * 1000 / ${task.intervalMs})::bigint`;
  const result = (await db.execute(sql`
    insert into job_runs (name, period, started_at) values (${task.name}, ${period}, now())
    on conflict (name) do update set period = excluded.period, started_at = excluded.started_at, run_count = job_runs.run_count + 1
      where job_runs.period < excluded.period
    returning name`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/** One run of the task on this server, if this server wins the period. */
export async function runPeriodicTaskOnce(app: FastifyInstance, task: PeriodicTask): Promise<PeriodicTaskOutcome> {
  const { db, dbLocks } = app.deps;
  let ran = false;
  await dbLocks.tryWithLock(`cleanproof:periodic:${task.name}`, async () => {
    if (!(await claimPeriod(db, task))) return;
    ran = true;
    await task.run();
  });
  return ran ? 'ran' : 'skipped';
}

/**
 * Runs the task every intervalMs while the server is up: never two runs at once, never keeping the
 * process alive, a failure logged and tried again next period; closing waits for a run in progress.
 */
export function schedulePeriodicTask(app: FastifyInstance, task: PeriodicTask): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const runOnce = () => {
    if (running) return;
    running = runPeriodicTaskOnce(app, task)
      .then((outcome) => void app.metrics.periodicTaskRuns.inc({ task: task.name, result: outcome }))
      .catch((error: unknown) => {
        app.metrics.periodicTaskRuns.inc({ task: task.name, result: 'failed' });
        app.log.warn({ err: error }, `${task.name} failed; will try again`);
      })
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    if (task.runAtStart) runOnce();
    timer = setInterval(runOnce, task.intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
