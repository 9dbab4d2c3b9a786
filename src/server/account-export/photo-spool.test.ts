import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PhotoStore } from '../storage/photo-store.js';
import { openPhotoSpool } from './photo-spool.js';

let parent: string;
beforeEach(async () => {
  parent = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-spool-test-'));
});
afterEach(async () => {
  await fs.rm(parent, { recursive: true, force: true });
});

/** A store of fixed bytes per key that counts its reads. */
function countingStore(files: Record<string, Buffer>): Pick<PhotoStore, 'get'> & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    async get(key) {
      reads.push(key);
      return files[key] ?? null;
    },
  };
}

const photo = (seed: number, size = 1000) => Buffer.alloc(size, seed);

describe('photo spool', () => {
  it('answers a kept photo from its copy, into the buffer the caller gives, without asking the store', async () => {
    const store = countingStore({ 'projects/1/a.jpg': photo(1), 'projects/1/b.jpg': photo(2) });
    const spool = (await openPhotoSpool(parent, store))!;
    await spool.keep('projects/1/a.jpg', photo(1));
    const buffer = Buffer.alloc(4096);
    const copy = await spool.reads.get('projects/1/a.jpg', { allocate: () => buffer });
    expect(copy?.equals(photo(1))).toBe(true);
    expect(copy?.buffer).toBe(buffer.buffer);
    // Not kept: the store's.
    expect((await spool.reads.get('projects/1/b.jpg'))?.equals(photo(2))).toBe(true);
    expect(store.reads).toEqual(['projects/1/b.jpg']);
    await spool.close();
  });

  it('reads from the store again what it could not keep: a copy that failed to be written, or past its size limit', async () => {
    const files = { 'projects/1/a.jpg': photo(1), 'projects/1/b.jpg': photo(2), 'projects/1/c.jpg': photo(3) };
    const store = countingStore(files);
    const spool = (await openPhotoSpool(parent, store, 1500))!;
    await spool.keep('projects/1/a.jpg', photo(1));
    // Past 1,500 bytes kept: not copied.
    await spool.keep('projects/1/b.jpg', photo(2));
    expect(await spool.reads.get('projects/1/b.jpg')).toEqual(files['projects/1/b.jpg']);
    await spool.clear();
    // Its folder gone (as a full disk refuses a write): the copy fails, the store answers, nothing throws.
    const [folder] = await fs.readdir(parent);
    await fs.rm(path.join(parent, folder!), { recursive: true });
    await expect(spool.keep('projects/1/c.jpg', photo(3))).resolves.toBeUndefined();
    expect(await spool.reads.get('projects/1/c.jpg')).toEqual(files['projects/1/c.jpg']);
    expect(store.reads).toEqual(['projects/1/b.jpg', 'projects/1/c.jpg']);
    await spool.close();
  });

  it('is not opened where no folder can be made (the export then fetches photos again)', async () => {
    const file = path.join(parent, 'not-a-folder');
    await fs.writeFile(file, 'x');
    expect(await openPhotoSpool(path.join(file, 'export-spool'), countingStore({}))).toBeNull();
  });

  it('deletes its copies when cleared and its folder when closed; a folder left a day ago by a stopped server is removed', async () => {
    const stale = path.join(parent, 'export-left-behind');
    const recent = path.join(parent, 'export-running-elsewhere');
    await fs.mkdir(stale);
    await fs.mkdir(recent);
    const dayAndAMinuteAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 60_000);
    await fs.utimes(stale, dayAndAMinuteAgo, dayAndAMinuteAgo);

    const store = countingStore({ 'projects/1/a.jpg': photo(1) });
    const spool = (await openPhotoSpool(parent, store))!;
    const folders = (await fs.readdir(parent)).sort();
    expect(folders).not.toContain('export-left-behind');
    expect(folders).toContain('export-running-elsewhere');
    const own = folders.find((name) => name !== 'export-running-elsewhere')!;

    await spool.keep('projects/1/a.jpg', photo(1));
    expect(await fs.readdir(path.join(parent, own))).toHaveLength(1);
    await spool.clear();
    expect(await fs.readdir(path.join(parent, own))).toEqual([]);
    // Cleared: the store is asked again.
    await spool.reads.get('projects/1/a.jpg');
    expect(store.reads).toEqual(['projects/1/a.jpg']);
    await spool.close();
    expect(await fs.readdir(parent)).toEqual(['export-running-elsewhere']);
  });
});
