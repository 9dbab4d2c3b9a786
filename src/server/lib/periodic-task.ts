// Background work a server does now and then (sweeps, cleanups, sandbox renewals). Every task
// here is safe to run on several servers at once, so each process simply runs its own.
import type { FastifyInstance } from 'fastify';

export interface PeriodicTask {
  /** For the log line when a run fails. */
  name: string;
  intervalMs: number;
  /** Also run once as soon as the server is ready. */
  runAtStart: boolean;
  run: () => Promise<void>;
}

/**
 * Runs the task every intervalMs while the server is up: never two runs at once, never keeping the
 * process alive, a failure logged and tried again next time; closing waits for a run in progress.
 */
export function schedulePeriodicTask(app: FastifyInstance, task: PeriodicTask): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const runOnce = () => {
    if (running) return;
    running = task
      .run()
      .catch((error: unknown) => app.log.warn({ err: error }, `${task.name} failed; will try again`))
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
