// npm run restore: fills an empty DATA_DIR (PGlite) or an empty PostgreSQL database, and an
// empty photo store, from a backup archive. Every file's SHA-256 is checked against the manifest
// before it is written; a file that fails is not written, and the restore ends in an error that
// names it. A target that already holds data is refused before anything is written.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../db/client.js';
import pg from 'pg';
import yauzl from 'yauzl';
import type { AppConfig } from '../config.js';
import { createPhotoStore } from '../storage/create-photo-store.js';
import type { PhotoStore } from '../storage/photo-store.js';
import { BackupError, BackupManifestSchema, MANIFEST_ENTRY, STORE_FOLDER, type BackupManifest } from './manifest.js';
import { checkToolVersion, runPostgresTool } from './postgres-tools.js';

export interface RestoreOptions {
  config: AppConfig;
  file: string;
  photoStore?: PhotoStore;
}

export interface RestoreResult {
  files: number;
  /** Keys whose bytes in the archive did not match the manifest (not written). */
  mismatched: string[];
}

const CONTENT_TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp' };

export async function runRestore(options: RestoreOptions): Promise<RestoreResult> {
  const { config } = options;
  const store = options.photoStore ?? createPhotoStore(config);
  const archive = await openArchive(options.file);
  try {
    const manifest = await readManifest(archive);
    const databaseKind = config.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.database.kind !== databaseKind) {
      throw new BackupError(
        manifest.database.kind === 'postgres'
          ? 'This backup is of a PostgreSQL database: set DATABASE_URL to an empty database to restore it.'
          : 'This backup is of the embedded PGlite database: unset DATABASE_URL and point DATA_DIR at an empty folder to restore it.',
      );
    }
    await assertDatabaseEmpty(config);
    await assertStoreEmpty(store, config);

    const mismatched: string[] = [];
    for (const file of manifest.files) {
      const bytes = await readEntry(archive, STORE_FOLDER + file.key);
      if (bytes.length !== file.bytes || createHash('sha256').update(bytes).digest('hex') !== file.sha256) {
        mismatched.push(file.key);
        continue;
      }
      await store.put(file.key, bytes, CONTENT_TYPES[path.extname(file.key).toLowerCase()] ?? 'application/octet-stream');
    }
    if (config.databaseUrl) await restorePostgres(archive, manifest, config.databaseUrl);
    else await restorePglite(archive, manifest, path.join(config.dataDir, 'db'));
    return { files: manifest.files.length - mismatched.length, mismatched };
  } finally {
    archive.zip.close();
  }
}

interface Archive {
  zip: yauzl.ZipFile;
  entries: Map<string, yauzl.Entry>;
}

async function openArchive(file: string): Promise<Archive> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true }, (error, opened) =>
      error ? reject(error) : resolve(opened),
    ),
  ).catch((error: unknown) => {
    throw new BackupError(`${file} is not a readable backup archive: ${(error as Error).message}`);
  });
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve());
    zip.once('error', reject);
    zip.readEntry();
  });
  return { zip, entries };
}

async function openEntry(archive: Archive, name: string): Promise<Readable> {
  const entry = archive.entries.get(name);
  if (!entry) throw new BackupError(`The backup archive has no ${name}: it is incomplete.`);
  return new Promise<Readable>((resolve, reject) => archive.zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))));
}

async function readEntry(archive: Archive, name: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await openEntry(archive, name)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function readManifest(archive: Archive): Promise<BackupManifest> {
  const parsed = BackupManifestSchema.safeParse(JSON.parse((await readEntry(archive, MANIFEST_ENTRY)).toString('utf8')));
  if (!parsed.success) throw new BackupError(`The backup's ${MANIFEST_ENTRY} is not one this version of CleanProof can restore.`);
  return parsed.data;
}

async function assertDatabaseEmpty(config: AppConfig): Promise<void> {
  if (!config.databaseUrl) {
    const folder = path.join(config.dataDir, 'db');
    const entries = await fs.readdir(folder).catch(() => []);
    if (entries.length > 0) throw new BackupError(`${folder} already holds a database: restore into an empty DATA_DIR.`);
    return;
  }
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number }>(
      "select count(*)::int as tables from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    if ((rows[0]?.tables ?? 0) > 0)
      throw new BackupError(`The database DATABASE_URL names already has ${rows[0]!.tables} tables: restore into an empty database (createdb a new one).`);
  } finally {
    await client.end();
  }
}

async function assertStoreEmpty(store: PhotoStore, config: AppConfig): Promise<void> {
  for await (const page of store.list(undefined, { pageSize: 1 })) {
    if (page.length > 0) {
      const where = config.s3 ? `The bucket ${config.s3.bucket}` : `${path.join(config.dataDir, 'photos')}`;
      throw new BackupError(`${where} already holds files: restore into an empty photo store.`);
    }
  }
}

async function restorePostgres(archive: Archive, manifest: BackupManifest, databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await checkToolVersion('pg_restore', client);
  } finally {
    await client.end();
  }
  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-restore-'));
  try {
    const dumpPath = path.join(tempDir, 'postgres.dump');
    await pipeline(await openEntry(archive, manifest.database.entry), createWriteStream(dumpPath));
    await runPostgresTool(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${decodeURIComponent(new URL(databaseUrl).pathname.slice(1))}`,
        dumpPath,
      ],
      databaseUrl,
    );
  } finally {
    await fs.rm(tempDir, { recursive: true, force: true });
  }
}

async function restorePglite(archive: Archive, manifest: BackupManifest, folder: string): Promise<void> {
  const dump = await readEntry(archive, manifest.database.entry);
  await fs.mkdir(folder, { recursive: true });
  const database = await PGlite.create(folder, { extensions: PGLITE_EXTENSIONS, loadDataDir: new Blob([new Uint8Array(dump)]) });
  await database.close();
}
