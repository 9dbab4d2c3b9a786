import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalFolderStore } from './local-folder-store.js';
import type { PhotoStore } from './photo-store.js';

let root: string;
let store: PhotoStore;
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-store-'));
  store = createLocalFolderStore(path.join(root, 'photos'));
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

const collect = async (iterable: AsyncIterable<{ key: string; modifiedAt: Date }>) => {
  const out: Array<{ key: string; modifiedAt: Date }> = [];
  for await (const item of iterable) out.push(item);
  return out.sort((a, b) => a.key.localeCompare(b.key));
};

describe('local folder photo store', () => {
  it('puts, gets, overwrites and deletes bytes under nested keys, leaving no temp files', async () => {
    await store.put('projects/1/a.jpg', Buffer.from('first'), 'image/jpeg');
    await store.put('projects/1/a.jpg', Buffer.from('second'), 'image/jpeg');
    expect((await store.get('projects/1/a.jpg'))?.toString()).toBe('second');
    expect(await fs.readdir(path.join(root, 'photos', 'projects', '1'))).toEqual(['a.jpg']);
    await store.delete('projects/1/a.jpg');
    expect(await store.get('projects/1/a.jpg')).toBeNull();
    await expect(store.delete('projects/1/a.jpg')).resolves.toBeUndefined();
  });

  it('returns null for a missing key and an empty list for a missing folder', async () => {
    expect(await store.get('projects/9/none.jpg')).toBeNull();
    expect(await collect(store.list())).toEqual([]);
    expect(await collect(store.list('projects/'))).toEqual([]);
  });

  it('lists every file with its modified time, or only those under a folder', async () => {
    await store.put('projects/1/a.jpg', Buffer.from('a'), 'image/jpeg');
    await store.put('projects/2/b.thumb.webp', Buffer.from('b'), 'image/webp');
    await store.put('logos/u1.png', Buffer.from('c'), 'image/png');
    const all = await collect(store.list());
    expect(all.map((f) => f.key)).toEqual(['logos/u1.png', 'projects/1/a.jpg', 'projects/2/b.thumb.webp']);
    expect(all.every((f) => f.modifiedAt instanceof Date && Math.abs(f.modifiedAt.getTime() - Date.now()) < 60_000)).toBe(true);
    expect((await collect(store.list('projects/'))).map((f) => f.key)).toEqual(['projects/1/a.jpg', 'projects/2/b.thumb.webp']);
  });

  it('refuses keys that would leave the folder', async () => {
    for (const key of ['../escape.jpg', 'projects/../../escape.jpg', '/etc/passwd', '.hidden', 'a b.jpg']) {
      await expect(store.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/Unsafe/);
      await expect(store.get(key)).rejects.toThrow(/Unsafe/);
    }
    await expect(collect(store.list('../'))).rejects.toThrow(/prefix/);
    expect(await fs.readdir(root)).toEqual([]);
  });

  it('survives concurrent writes of many keys', async () => {
    await Promise.all(Array.from({ length: 50 }, (_, i) => store.put(`projects/3/${i}.jpg`, Buffer.from(String(i)), 'image/jpeg')));
    const files = await collect(store.list('projects/'));
    expect(files).toHaveLength(50);
    expect((await store.get('projects/3/42.jpg'))?.toString()).toBe('42');
  });
});
