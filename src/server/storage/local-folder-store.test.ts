import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalFolderStore } from './local-folder-store.js';
import { itBehavesLikeAPhotoStore, listPages } from '../test-support/photo-store-behaviour.js';

let root: string;
const roots: string[] = [];
const openStore = async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-store-'));
  roots.push(root);
  return createLocalFolderStore(path.join(root, 'photos'));
};
afterEach(async () => {
  for (const dir of roots.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

describe('local folder photo store', () => {
  itBehavesLikeAPhotoStore(openStore);

  it('keeps each key as a file under its folder, overwriting in place and leaving no temp files', async () => {
    const store = await openStore();
    await store.put('projects/1/a.jpg', Buffer.from('first'), 'image/jpeg');
    await store.put('projects/1/a.jpg', Buffer.from('second'), 'image/jpeg');
    expect(await fs.readdir(path.join(root, 'photos', 'projects', '1'))).toEqual(['a.jpg']);
    expect(await fs.readFile(path.join(root, 'photos', 'projects', '1', 'a.jpg'), 'utf8')).toBe('second');
  });

  it('refuses keys that would leave the folder', async () => {
    const store = await openStore();
    for (const key of ['../escape.jpg', 'projects/../../escape.jpg', '/etc/passwd', '.hidden', 'a b.jpg']) {
      await expect(store.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/Unsafe/);
      await expect(store.get(key)).rejects.toThrow(/Unsafe/);
    }
    await expect(listPages(store, '../')).rejects.toThrow(/prefix/);
    expect(await fs.readdir(root)).toEqual([]);
  });

  it('survives concurrent writes of many keys', async () => {
    const store = await openStore();
    await Promise.all(Array.from({ length: 50 }, (_, i) => store.put(`projects/3/${i}.jpg`, Buffer.from(String(i)), 'image/jpeg')));
    expect((await listPages(store, 'projects/')).flat()).toHaveLength(50);
    expect((await store.get('projects/3/42.jpg'))?.toString()).toBe('42');
  });
});
