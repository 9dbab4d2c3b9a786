// Every periodic task of a server, each safe to run on several servers at once (one run per
// period across a fleet: lib/periodic-task.ts).
import { schedulePeriodicTask } from '../lib/periodic-task.js';
import { orphanSweepTask } from '../photos/orphan-sweeper.js';
import { uploadKeySweepTask } from '../photos/upload-keys.js';
import { projectCreateKeySweepTask } from '../projects/project-create-keys.js';
import { authCleanupTask } from '../auth/auth-cleanup.js';
import { sandboxPeriodsTask, type SandboxBillingProvider } from '../billing/sandbox.js';
import { embeddedVacuumTasks } from '../db/embedded-vacuum.js';
import { appWide } from './app-wide.js';

export const periodicTasksPlugin = appWide('periodic-tasks', async (app) => {
  const { deps } = app;
  schedulePeriodicTask(app, orphanSweepTask(deps, app.log));
  schedulePeriodicTask(app, authCleanupTask(deps));
  schedulePeriodicTask(app, uploadKeySweepTask(deps));
  schedulePeriodicTask(app, projectCreateKeySweepTask(deps));
  // PostgreSQL vacuums by itself; PGlite has no autovacuum.
  if (deps.dbKind === 'pglite') for (const task of embeddedVacuumTasks(deps, app.log)) schedulePeriodicTask(app, task);
  if (deps.billing.mode === 'sandbox') schedulePeriodicTask(app, sandboxPeriodsTask(deps.db, deps.billing as SandboxBillingProvider));
});
