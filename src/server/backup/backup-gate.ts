// While a backup copies photo files, no file is deleted: the database snapshot it took may still
// point at a file whose row was deleted since. A deletion skipped this way leaves an orphan file,
// which the periodic orphan sweep removes once the backup is over.
//
// Why a check before each delete is enough: a deleter deletes its row (committed) before it asks,
// and a backup marks itself running before it takes its snapshot. If the deleter saw no backup,
// its row was gone before the backup's snapshot, so that snapshot never needs the file.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

export interface BackupGate {
  /** True while a backup is copying files (deletions must wait for the sweep). */
  isBackupRunning(): Promise<boolean>;
}

/** The advisory lock a backup holds on PostgreSQL for as long as it runs (two-key form: its own namespace). */
export const BACKUP_LOCK_KEYS = [7_441_366, 27] as const;

/**
 * PostgreSQL: a backup holds the exclusive advisory lock on its own connection (released by
 * PostgreSQL if the backup dies); asking for the shared lock tells whether one is running, and the
 * statement's end releases it again at once.
 */
export function createPostgresBackupGate(db: Database): BackupGate {
  return {
    async isBackupRunning() {
      const result = (await db.execute(sql`select pg_try_advisory_xact_lock_shared(${BACKUP_LOCK_KEYS[0]}, ${BACKUP_LOCK_KEYS[1]}) as free`)) as unknown as {
        rows: Array<{ free: boolean }>;
      };
      return result.rows[0]?.free !== true;
    },
  };
}

/** PGlite: one process owns the database, so the backups it serves (backup-socket.ts) are counted in memory. */
export interface InProcessBackupGate extends BackupGate {
  /** Marks a backup running until the returned release is called (once). */
  hold(): () => void;
}

export function createInProcessBackupGate(): InProcessBackupGate {
  let running = 0;
  return {
    async isBackupRunning() {
      return running > 0;
    },
    hold() {
      running += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        running -= 1;
      };
    },
  };
}
