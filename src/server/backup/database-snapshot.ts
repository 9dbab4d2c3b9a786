// The database half of a backup: a consistent copy, and the photo-store keys that copy points at
// (read from the copy itself, so the files copied next are exactly the ones it needs). While the
// snapshot is held, the server keeps every file (backup-gate.ts); release() ends that.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../db/client.js';
import pg from 'pg';
import type { AppConfig } from '../config.js';
import { BACKUP_LOCK_KEYS } from './backup-gate.js';
import { requestDatabaseDump } from './backup-socket.js';
import { BackupError } from './manifest.js';
import { checkToolVersion, runPostgresTool } from './postgres-tools.js';
import type { ZipWriter } from '../lib/zip-writer.js';

/** A store key the snapshot points at, with the SHA-256 its row records (photos only). */
export interface ReferencedFile {
  key: string;
  recordedSha256: string | null;
}

export interface DatabaseSnapshot {
  kind: 'pglite' | 'postgres';
  /** The archive entry the copy is written to. */
  entry: string;
  writeTo(zip: ZipWriter): Promise<void>;
  files: ReferencedFile[];
  /** Ends the backup's hold on file deletions, and removes temporary files. */
  release(): Promise<void>;
}

type Query = (statement: string) => Promise<Array<Record<string, unknown>>>;

/**
 * Every table column that holds a photo-store key. A new one must be added here, or backups
 * would leave its files out (the restore test compares every stored file).
 */
async function referencedFiles(query: Query): Promise<ReferencedFile[]> {
  const photoRows = await query('select storage_key, thumbnail_key, sha256 from photos order by id');
  const logoRows = await query('select business_logo_key from users where business_logo_key is not null order by id');
  // A client's answer files: a drawn signature, an issue's photo.
  const answerRows = await query(
    'select signature_key as key from project_approvals where signature_key is not null union all select photo_key from client_issues where photo_key is not null',
  );
  const files = new Map<string, ReferencedFile>();
  const add = (key: unknown, recordedSha256: unknown) => {
    if (typeof key !== 'string' || files.has(key)) return;
    files.set(key, { key, recordedSha256: typeof recordedSha256 === 'string' ? recordedSha256 : null });
  };
  for (const row of photoRows) {
    add(row.storage_key, row.sha256);
    add(row.thumbnail_key, null);
  }
  for (const row of logoRows) add(row.business_logo_key, null);
  for (const row of answerRows) add(row.key, null);
  return [...files.values()];
}

export async function snapshotDatabase(config: AppConfig, options: { serverStopped?: boolean } = {}): Promise<DatabaseSnapshot> {
  return config.databaseUrl ? snapshotPostgres(config.databaseUrl) : snapshotPglite(config.dataDir, options.serverStopped === true);
}

/**
 * PostgreSQL: the backup lock first (deletions wait from now on), then one repeatable-read
 * transaction whose snapshot pg_dump shares (--snapshot) and the key query reads: the dump and
 * the list of files are the same moment of the database.
 */
async function snapshotPostgres(databaseUrl: string): Promise<DatabaseSnapshot> {
  const lockClient = new pg.Client({ connectionString: databaseUrl });
  const snapshotClient = new pg.Client({ connectionString: databaseUrl });
  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-backup-'));
  const dumpPath = path.join(tempDir, 'postgres.dump');
  try {
    await lockClient.connect();
    await checkToolVersion('pg_dump', lockClient);
    await lockClient.query('select pg_advisory_lock($1, $2)', [...BACKUP_LOCK_KEYS]);
    await snapshotClient.connect();
    await snapshotClient.query('begin isolation level repeatable read read only');
    const { rows } = await snapshotClient.query<{ id: string }>('select pg_export_snapshot() as id');
    await runPostgresTool('pg_dump', ['--format=custom', `--snapshot=${rows[0]!.id}`, `--file=${dumpPath}`], databaseUrl);
    const files = await referencedFiles(async (statement) => (await snapshotClient.query(statement)).rows as Array<Record<string, unknown>>);
    await snapshotClient.query('commit');
    await snapshotClient.end();
    return {
      kind: 'postgres',
      entry: 'database/postgres.dump',
      files,
      writeTo: (zip) => zip.addFileFromDisk('database/postgres.dump', dumpPath),
      async release() {
        await lockClient.end();
        await fs.rm(tempDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await snapshotClient.end().catch(() => undefined);
    await lockClient.end().catch(() => undefined);
    await fs.rm(tempDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * PGlite: the running server dumps its data folder between two statements (over DATA_DIR's
 * backup socket) and holds deletions until release(). The keys are read from that dump, opened
 * in memory.
 */
async function snapshotPglite(dataDir: string, serverStopped: boolean): Promise<DatabaseSnapshot> {
  let dump: Buffer;
  let release = async () => undefined as void;
  if (serverStopped) {
    dump = await dumpStoppedPglite(path.join(dataDir, 'db'));
  } else {
    const answer = await requestDatabaseDump(dataDir);
    if (!answer) {
      throw new BackupError(
        `No CleanProof server answers on ${path.join(dataDir, 'backup.sock')}. Run the backup while the server runs on this DATA_DIR, or, with the server stopped, add --server-stopped to read ${path.join(dataDir, 'db')} directly.`,
      );
    }
    dump = answer.dump;
    release = async () => answer.release();
  }
  try {
    const copy = await PGlite.create({ extensions: PGLITE_EXTENSIONS, loadDataDir: new Blob([new Uint8Array(dump)]) });
    let files: ReferencedFile[];
    try {
      files = await referencedFiles(async (statement) => (await copy.query<Record<string, unknown>>(statement)).rows);
    } finally {
      await copy.close();
    }
    return {
      kind: 'pglite',
      entry: 'database/pglite.tar.gz',
      files,
      writeTo: async (zip) => {
        await zip.addFile('database/pglite.tar.gz', dump);
      },
      release,
    };
  } catch (error) {
    await release();
    throw error;
  }
}

async function dumpStoppedPglite(folder: string): Promise<Buffer> {
  const entries = await fs.readdir(folder).catch(() => []);
  if (entries.length === 0) throw new BackupError(`There is no database in ${folder}.`);
  const database = await PGlite.create(folder, { extensions: PGLITE_EXTENSIONS });
  try {
    await database.query('checkpoint');
    return Buffer.from(await (await database.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await database.close();
  }
}
