// What every PhotoStore promises (storage/photo-store.ts), as one set of tests that each store's
// own test file runs against a real instance: the local folder, and a bucket on an S3 API server.
import { beforeEach, expect, it } from 'vitest';
import type { PhotoStore, StoredFile } from '../storage/photo-store.js';

/** Every page of a listing, as it came. */
export async function listPages(store: PhotoStore, prefix?: string, pageSize?: number): Promise<StoredFile[][]> {
  const pages: StoredFile[][] = [];
  for await (const page of store.list(prefix, pageSize ? { pageSize } : undefined)) pages.push(page);
  return pages;
}

const sortedKeys = (pages: StoredFile[][]) =>
  pages
    .flat()
    .map((file) => file.key)
    .sort();

/** Declares the shared tests; `openStore` gives an empty store before each. */
export function itBehavesLikeAPhotoStore(openStore: () => Promise<PhotoStore>): void {
  let store: PhotoStore;
  beforeEach(async () => {
    store = await openStore();
  });

  it('puts, gets, overwrites and deletes bytes under nested keys, byte for byte', async () => {
    const everyByte = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    await store.put('projects/1/a.jpg', Buffer.from('first'), 'image/jpeg');
    await store.put('projects/1/a.jpg', everyByte, 'image/jpeg');
    expect(await store.get('projects/1/a.jpg')).toEqual(everyByte);
    await store.delete('projects/1/a.jpg');
    expect(await store.get('projects/1/a.jpg')).toBeNull();
    await expect(store.delete('projects/1/a.jpg')).resolves.toBeUndefined();
  });

  it('reads into a buffer the caller gives for the size, byte for byte; null for a missing key', async () => {
    const photo = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7) % 256));
    await store.put('projects/1/a.jpg', photo, 'image/jpeg');
    const asked: number[] = [];
    const into = Buffer.alloc(300_000, 0xee);
    const read = await store.get('projects/1/a.jpg', {
      allocate: (size) => {
        asked.push(size);
        return into;
      },
    });
    expect(asked).toEqual([photo.length]);
    expect(read!.buffer).toBe(into.buffer);
    expect(read!.equals(photo)).toBe(true);
    expect(await store.get('projects/1/none.jpg', { allocate: (size) => Buffer.alloc(size) })).toBeNull();
  });

  it('returns null for a missing key and no pages for an empty store or folder', async () => {
    expect(await store.get('projects/9/none.jpg')).toBeNull();
    expect(await listPages(store)).toEqual([]);
    expect(await listPages(store, 'projects/')).toEqual([]);
  });

  it('lists every file with its modified time, or only those under a folder', async () => {
    await store.put('projects/1/a.jpg', Buffer.from('a'), 'image/jpeg');
    await store.put('projects/2/b.thumb.webp', Buffer.from('b'), 'image/webp');
    await store.put('logos/u1.png', Buffer.from('c'), 'image/png');
    const all = (await listPages(store)).flat();
    expect(all.map((file) => file.key).sort()).toEqual(['logos/u1.png', 'projects/1/a.jpg', 'projects/2/b.thumb.webp']);
    expect(all.every((file) => file.modifiedAt instanceof Date && Math.abs(file.modifiedAt.getTime() - Date.now()) < 60_000)).toBe(true);
    expect(sortedKeys(await listPages(store, 'projects/'))).toEqual(['projects/1/a.jpg', 'projects/2/b.thumb.webp']);
  });

  it('lists more files than one page in pages of at most pageSize, each file once', async () => {
    const keys = Array.from({ length: 23 }, (_, i) => `projects/${i % 3}/${String(i).padStart(2, '0')}.jpg`);
    for (const key of keys) await store.put(key, Buffer.from(key), 'image/jpeg');
    await store.put('logos/not-a-project.png', Buffer.from('x'), 'image/png');

    const pages = await listPages(store, 'projects/', 5);
    expect(pages.length).toBeGreaterThanOrEqual(5);
    expect(pages.every((page) => page.length >= 1 && page.length <= 5)).toBe(true);
    expect(sortedKeys(pages)).toEqual([...keys].sort());
  });

  it('keeps paging while the files of earlier pages are deleted (as the orphan sweep does)', async () => {
    const keys = Array.from({ length: 12 }, (_, i) => `projects/7/${String(i).padStart(2, '0')}.jpg`);
    for (const key of keys) await store.put(key, Buffer.from(key), 'image/jpeg');
    const seen: string[] = [];
    for await (const page of store.list('projects/', { pageSize: 4 })) {
      for (const file of page) {
        seen.push(file.key);
        await store.delete(file.key);
      }
    }
    expect(seen.sort()).toEqual(keys);
    expect(await listPages(store)).toEqual([]);
  });
}
