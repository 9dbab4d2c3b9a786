// For a photo store across the network (S3): the photos a report's PDF prints are kept on the
// server's own disk from when their own entries are written until the PDF is, so the export
// fetches each photo from the store once instead of twice (half the GETs and half the transfer;
// on a local folder, reading the photo again is as cheap as this copy, so none is made). Only one
// report's photos are kept at a time. A copy that cannot be written (a full disk) or read back is
// fetched from the store again instead: the spool can make an export faster, never make it fail.
import fsCallbacks from 'node:fs';
import fs from 'node:fs/promises';
import { promisify } from 'node:util';
import path from 'node:path';
import type { PhotoStore, ReadOptions } from '../storage/photo-store.js';
import { createLocalFolderStore } from '../storage/local-folder-store.js';

// The callback API: fs/promises' FileHandle costs the main thread about twice as much a file.
const writeFile = promisify(fsCallbacks.writeFile);

/** The most bytes kept at a time; past it, photos are fetched from the store again. */
export const SPOOL_MAX_BYTES = 512 * 1024 * 1024;
/** A folder left by a server that stopped mid-export is removed by the next export after this long. */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

export interface PhotoSpool {
  /** Keeps a copy of `key`'s bytes until `clear`. Resolves once written or given up; never rejects. */
  keep(key: string, bytes: Uint8Array): Promise<void>;
  /** The store's reads, answered from the copies kept where there is one. */
  readonly reads: Pick<PhotoStore, 'get'>;
  /** Deletes the copies kept so far (a report's PDF is written). */
  clear(): Promise<void>;
  /** Deletes the spool's folder. */
  close(): Promise<void>;
}

/**
 * A spool in a new folder under `parent` (made if needed), reading through to `store`; null when
 * no folder can be made there (a read-only or full disk): the export then fetches photos again.
 */
export async function openPhotoSpool(parent: string, store: Pick<PhotoStore, 'get'>, maxBytes = SPOOL_MAX_BYTES): Promise<PhotoSpool | null> {
  let folder: string;
  try {
    await fs.mkdir(parent, { recursive: true });
    await removeStaleFolders(parent);
    folder = await fs.mkdtemp(path.join(parent, 'export-'));
  } catch {
    return null;
  }
  const copies = createLocalFolderStore(folder);
  /** Each kept key: its copy's name once written, or null when it could not be. */
  const kept = new Map<string, Promise<string | null>>();
  let keptBytes = 0;
  let written = 0;

  return {
    keep(key, bytes) {
      if (kept.has(key) || keptBytes + bytes.byteLength > maxBytes) return Promise.resolve();
      keptBytes += bytes.byteLength;
      const name = `${++written}.jpg`;
      const copy = writeFile(path.join(folder, name), bytes).then(
        () => name,
        async () => {
          await fs.rm(path.join(folder, name), { force: true });
          return null;
        },
      );
      kept.set(key, copy);
      return copy.then(() => undefined);
    },
    reads: {
      async get(key: string, options?: ReadOptions) {
        const name = await kept.get(key);
        const copy = name ? await copies.get(name, options).catch(() => null) : null;
        return copy ?? store.get(key, options);
      },
    },
    async clear() {
      const names = await Promise.all(kept.values());
      kept.clear();
      keptBytes = 0;
      await Promise.all(names.map((name) => name && fs.rm(path.join(folder, name), { force: true })));
    },
    async close() {
      await Promise.allSettled(kept.values());
      kept.clear();
      await fs.rm(folder, { recursive: true, force: true });
    },
  };
}

async function removeStaleFolders(parent: string): Promise<void> {
  const now = Date.now();
  for (const entry of await fs.readdir(parent, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith('export-')) continue;
    const folder = path.join(parent, entry.name);
    const stat = await fs.stat(folder).catch(() => null);
    if (stat && now - stat.mtimeMs > STALE_AFTER_MS) await fs.rm(folder, { recursive: true, force: true });
  }
}
