// npm run backup: one ZIP archive with the database, every photo-store file the database points
// at, and manifest.json (each file's SHA-256). Consistent while the server runs: the database is
// copied first (database-snapshot.ts), then the files that copy points at, while the server keeps
// every file (deletions wait); files stored after the copy belong to rows it does not have.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { AppConfig } from '../config.js';
import { createPhotoStore } from '../storage/create-photo-store.js';
import type { PhotoStore } from '../storage/photo-store.js';
import { createZipWriter } from '../lib/zip-writer.js';
import { readInOrder } from '../storage/read-in-order.js';
import { BACKUP_FORMAT, MANIFEST_ENTRY, STORE_FOLDER, type BackupManifest } from './manifest.js';
import { snapshotDatabase } from './database-snapshot.js';

export interface BackupOptions {
  config: AppConfig;
  out: string;
  /** PGlite with the server stopped: read DATA_DIR/db directly. */
  serverStopped?: boolean;
  /** Runs after the database is copied and before the files are (tests change data there). */
  afterDatabaseCopied?: () => Promise<void>;
  /** The store to read; the configured one by default. */
  photoStore?: PhotoStore;
}

export interface BackupResult {
  files: number;
  bytes: number;
  /** Keys the database points at that the store does not have. */
  missing: string[];
  /** Photos whose stored bytes no longer match the SHA-256 their row records. */
  mismatched: string[];
}

export async function runBackup(options: BackupOptions): Promise<BackupResult> {
  const store = options.photoStore ?? createPhotoStore(options.config);
  const partial = `${options.out}.partial`;
  const snapshot = await snapshotDatabase(options.config, { serverStopped: options.serverStopped });
  const output = createWriteStream(partial);
  const closed = new Promise<void>((resolve, reject) => {
    output.once('close', resolve);
    output.once('error', reject);
  });
  try {
    await options.afterDatabaseCopied?.();
    const zip = createZipWriter(output);
    await snapshot.writeTo(zip);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: 1,
      createdAt: new Date().toISOString(),
      database: { kind: snapshot.kind, entry: snapshot.entry },
      files: [],
      missing: [],
    };
    const mismatched: string[] = [];
    let bytes = 0;
    for await (const { item: file, bytes: content } of readInOrder(store, snapshot.files, (item) => item.key)) {
      if (!content) {
        manifest.missing.push(file.key);
        continue;
      }
      const sha256 = createHash('sha256').update(content).digest('hex');
      if (file.recordedSha256 !== null && file.recordedSha256 !== sha256) mismatched.push(file.key);
      await zip.addFile(STORE_FOLDER + file.key, content);
      manifest.files.push({ key: file.key, sha256, bytes: content.length });
      bytes += content.length;
    }
    await zip.addFile(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));
    await zip.finish();
    await closed;
    await syncFile(partial);
    await fs.rename(partial, options.out);
    return { files: manifest.files.length, bytes, missing: manifest.missing, mismatched };
  } catch (error) {
    output.destroy();
    await closed.catch(() => undefined);
    await fs.rm(partial, { force: true });
    throw error;
  } finally {
    await snapshot.release();
  }
}

async function syncFile(filePath: string): Promise<void> {
  const handle = await fs.open(filePath, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
