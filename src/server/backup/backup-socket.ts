// The running server's side of a PGlite backup. PGlite lives inside the server process and holds
// its data folder, so `npm run backup` cannot open it while the server runs; it asks the server
// instead, over a Unix socket in DATA_DIR that only the DATA_DIR's owner can open (whoever can read
// DATA_DIR can copy the data anyway, so it needs no other credential).
//
// One connection is one backup: the server marks a backup running (file deletions wait), sends
// the database dump (8-byte length, then the bytes), and keeps the mark until the backup closes the
// connection, when it has copied the files. A backup that dies closes it too.
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { InProcessBackupGate } from './backup-gate.js';

export const BACKUP_SOCKET_NAME = 'backup.sock';

export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, BACKUP_SOCKET_NAME);
}

export interface BackupSocket {
  close(): Promise<void>;
}

export async function serveBackupSocket(options: {
  dataDir: string;
  gate: InProcessBackupGate;
  dumpDataDir: () => Promise<Blob>;
  log: (message: string, error?: unknown) => void;
}): Promise<BackupSocket> {
  const socketPath = backupSocketPath(options.dataDir);
  await fs.mkdir(options.dataDir, { recursive: true });
  // A socket file left by a server that was killed: nobody listens on it any more.
  await fs.rm(socketPath, { force: true });
  const connections = new Set<net.Socket>();
  const server = net.createServer((connection) => {
    connections.add(connection);
    const release = options.gate.hold();
    connection.on('close', () => {
      release();
      connections.delete(connection);
    });
    connection.on('error', () => undefined);
    void (async () => {
      try {
        const dump = Buffer.from(await (await options.dumpDataDir()).arrayBuffer());
        const length = Buffer.alloc(8);
        length.writeBigUInt64LE(BigInt(dump.length));
        connection.write(length);
        connection.write(dump);
      } catch (error) {
        options.log('backup: could not dump the database', error);
        connection.destroy();
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await fs.chmod(socketPath, 0o600);
  return {
    async close() {
      for (const connection of connections) connection.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fs.rm(socketPath, { force: true });
    },
  };
}

/** The client side: the dump, and a release that ends the backup (closes the connection). */
export async function requestDatabaseDump(dataDir: string): Promise<{ dump: Buffer; release: () => void } | null> {
  const socketPath = backupSocketPath(dataDir);
  const connection = await new Promise<net.Socket | null>((resolve, reject) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => resolve(socket));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      // No server running on this DATA_DIR: the caller opens the database itself.
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
  });
  if (!connection) return null;
  const onEarlyClose = (reject: (error: Error) => void) => () =>
    reject(new Error('The server closed the backup connection before the database dump was complete (see its log)'));
  let closedEarly: (() => void) | undefined;
  const dump = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let expected: number | null = null;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      if (expected === null && received >= 8) expected = Number(Buffer.concat(chunks).readBigUInt64LE(0));
      if (expected !== null && received >= 8 + expected) {
        connection.off('data', onData);
        resolve(Buffer.concat(chunks).subarray(8, 8 + expected));
      }
    };
    connection.on('data', onData);
    closedEarly = onEarlyClose(reject);
    connection.once('close', closedEarly);
    connection.once('error', reject);
  });
  if (closedEarly) connection.off('close', closedEarly);
  connection.on('error', () => undefined);
  return { dump, release: () => connection.end() };
}
