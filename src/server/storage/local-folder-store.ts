import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { PhotoStore } from './photo-store.js';

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/**
 * Photo store in a local folder (DATA_DIR/photos by default). A write goes to a temp file,
 * fsync, rename, then fsync of the folder: after put() resolves the bytes survive a crash, and a
 * crash mid-write leaves only a temp file, which the orphan sweeper removes later.
 */
export function createLocalFolderStore(root: string): PhotoStore {
  const resolveKey = (key: string): string => {
    if (!SAFE_KEY.test(key) || key.split('/').includes('..')) throw new Error(`Unsafe photo store key: ${key}`);
    return path.join(root, key);
  };

  return {
    async put(key, bytes) {
      const target = resolveKey(key);
      const folder = path.dirname(target);
      await fs.mkdir(folder, { recursive: true });
      const temp = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
      const handle = await fs.open(temp, 'w');
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } catch (error) {
        await handle.close();
        await fs.rm(temp, { force: true });
        throw error;
      }
      await handle.close();
      await fs.rename(temp, target);
      await syncFolder(folder);
    },
    async get(key) {
      try {
        return await fs.readFile(resolveKey(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(resolveKey(key), { force: true });
    },
    async *list(prefix = '') {
      if (prefix !== '' && !/^[A-Za-z0-9][A-Za-z0-9._-]*\/$/.test(prefix)) throw new Error(`Photo store prefix must be one folder such as 'projects/': ${prefix}`);
      const folder = path.join(root, prefix);
      let entries: string[];
      try {
        entries = await fs.readdir(folder, { recursive: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) {
        const full = path.join(folder, entry);
        const stat = await fs.stat(full).catch(() => null);
        if (stat?.isFile()) yield { key: prefix + entry.split(path.sep).join('/'), modifiedAt: stat.mtime };
      }
    },
  };
}

/** The rename is durable only once the folder entry is on disk. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await fs.open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
