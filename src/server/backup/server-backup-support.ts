// What a running server does for backups: the gate its photo store's deletions ask, and on PGlite
// the socket `npm run backup` gets the database dump through.
import type { DatabaseHandle } from '../db/client.js';
import { createInProcessBackupGate, createPostgresBackupGate, type BackupGate } from './backup-gate.js';
import { serveBackupSocket } from './backup-socket.js';

export interface ServerBackupSupport {
  gate: BackupGate;
  /** Starts taking backup requests (PGlite); returns how to stop. */
  start(log: (message: string, error?: unknown) => void): Promise<() => Promise<void>>;
}

export function serverBackupSupport(database: DatabaseHandle, dataDir: string): ServerBackupSupport {
  const { dumpDataDir } = database;
  if (database.kind === 'postgres' || !dumpDataDir) {
    // pg_dump reads PostgreSQL directly; the server only has to respect the backup's lock.
    return { gate: createPostgresBackupGate(database.db), start: async () => async () => undefined };
  }
  const gate = createInProcessBackupGate();
  return {
    gate,
    async start(log) {
      try {
        const socket = await serveBackupSocket({ dataDir, gate, dumpDataDir, log });
        return () => socket.close();
      } catch (error) {
        // The server runs on without it (a DATA_DIR path too long for a socket, say); npm run backup says so.
        log('backup: cannot listen on DATA_DIR/backup.sock, so npm run backup cannot reach this server', error);
        return async () => undefined;
      }
    },
  };
}
