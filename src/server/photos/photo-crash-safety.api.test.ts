// What a failure half-way through an upload leaves behind: never a row without its files, and no
// files without a row once the upload has failed.
import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { makePhotoJpeg } from '../test-support/photo-fixtures.js';
import { listPhotoFiles, ownerWithProject, uploadRawPhoto } from '../test-support/project-helpers.js';
import { createLocalFolderStore } from '../storage/local-folder-store.js';
import type { PhotoStore } from '../storage/photo-store.js';

/** The real local store, with a hook that runs before each put (to fail it or race it). */
let beforePut: (key: string) => Promise<void> = async () => undefined;
let t: TestApp;
let storeRoot: string;

/** Left by a crash before this server started: an hour old, no row. */
const CRASH_LEFTOVERS = ['projects/42/before-the-crash.jpg', 'projects/42/before-the-crash.thumb.webp', 'projects/42/half-written.jpg.99.abc.tmp'];

beforeAll(async () => {
  storeRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-crash-'));
  const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
  for (const key of CRASH_LEFTOVERS) {
    await fs.mkdir(path.dirname(path.join(storeRoot, key)), { recursive: true });
    await fs.writeFile(path.join(storeRoot, key), 'left over');
    await fs.utimes(path.join(storeRoot, key), anHourAgo, anHourAgo);
  }
  const real = createLocalFolderStore(storeRoot);
  const store: PhotoStore = {
    ...real,
    async put(key, bytes, contentType) {
      await beforePut(key);
      return real.put(key, bytes, contentType);
    },
  };
  t = await startTestApp({ deps: { photoStore: store } });
});
afterAll(async () => {
  await t.close();
  await fs.rm(storeRoot, { recursive: true, force: true });
});

const countPhotos = async () => (await t.query<{ n: number }>(sql`select count(*)::int as n from photos`))[0]?.n;
const storedFiles = async () => (await fs.readdir(storeRoot, { recursive: true }).catch(() => [] as string[])).filter((f) => /\.(jpg|webp|tmp)$/.test(f));

describe('files left by a crash', () => {
  it('are swept when the server starts', async () => {
    await expect.poll(async () => (await storedFiles()).length, { timeout: 20_000 }).toBe(0);
  });
});

describe('upload failures leave nothing behind', () => {
  it('a project deleted while its photo is being stored: 404, no row, and the written files are removed', async () => {
    const { client, project } = await ownerWithProject(t);
    beforePut = async () => {
      await t.query(sql`delete from projects where id = ${project.id}`);
    };
    const response = await uploadRawPhoto(client, project.id, 'before', await makePhotoJpeg(200, 150));
    beforePut = async () => undefined;
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Project not found');
    expect(await countPhotos()).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });

  it('a store that fails to write (disk full): no row points at a missing file', async () => {
    const { client, project } = await ownerWithProject(t);
    beforePut = async (key) => {
      if (key.endsWith('.webp')) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    };
    const response = await uploadRawPhoto(client, project.id, 'after', await makePhotoJpeg(200, 150));
    beforePut = async () => undefined;
    expect(response.status).toBe(500);
    expect(response.body.message).toBe('Internal Server Error');
    expect(await countPhotos()).toBe(0);
    expect(await storedFiles()).toEqual([]);
    // And the next upload works.
    expect((await uploadRawPhoto(client, project.id, 'after', await makePhotoJpeg(200, 150))).status).toBe(201);
    expect(await storedFiles()).toHaveLength(2);
    expect(await listPhotoFiles(t)).toEqual([]); // this app's store lives outside DATA_DIR
  });
});
