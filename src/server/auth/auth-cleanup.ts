// Expired sessions and reset tokens are useless rows; delete them now and then. Used reset
// tokens stay until they expire, so a second click on a link can say it was already used.
// Safe with several servers: each delete only removes rows no request can use any more.
import { lt } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { passwordResetTokens, sessions } from '../db/schema.js';
import type { PeriodicTask } from '../lib/periodic-task.js';

export const AUTH_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

export async function deleteExpiredAuthRows(db: Database, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, now));
}

/** The cleanup, hourly while the server is up (app.ts schedules it). */
export function authCleanupTask({ db, clock }: { db: Database; clock: () => Date }): PeriodicTask {
  return { name: 'auth cleanup', intervalMs: AUTH_CLEANUP_INTERVAL_MS, runAtStart: false, run: () => deleteExpiredAuthRows(db, clock()) };
}
