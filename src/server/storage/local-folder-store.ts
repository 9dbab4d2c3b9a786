
import fs from 'node:fs/promises';
import path from 'node:path';
import type { PhotoStore } from './photo-store.js';

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** Photo store in a local folder (DATA_DIR/photos by default). Writes go to a temp file, fsync, then rename. */
export function createLocalFolderStore(root: string): PhotoStore {
  const resolveKey = (key: string): string => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe photo store key: ${key}`);
    return path.join(root, key);
  };

  return {
    async put(key, bytes) {
      const target = resolveKey(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      const handle = await fs.open(temp, 'w');
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temp, target);
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
    async *list() {
      let entries: string[];
      try {
        entries = await fs.readdir(root, { recursive: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) {
        const full = path.join(root, entry);
        const stat = await fs.stat(full).catch(() => null);
        if (stat?.isFile()) yield { key: entry.split(path.sep).join('/'), modifiedAt: stat.mtime };
      }
    },
  };
}

