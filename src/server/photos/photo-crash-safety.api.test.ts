// What a failure half-way through an upload leaves behind: never a row without its files, and no
// files without a row once the upload has failed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { makePhotoJpeg } from '../test-support/photo-fixtures.js';
import { listPhotoFiles, ownerWithProject, uploadRawPhoto } from '../test-support/project-helpers.js';

/** Runs before each put of the app's real store (to fail it or race it). */
let beforePut: (key: string) => Promise<void> = async () => undefined;
let t: TestApp;

/** Left by a crash before this server started, with no row. */
const CRASH_LEFTOVERS = ['projects/42/before-the-crash.jpg', 'projects/42/before-the-crash.thumb.webp', 'projects/42/half-written.jpg.99.abc.tmp'];

beforeAll(async () => {
  t = await startTestApp({
    // The server starts an hour after the crash: what the crash left is an hour old.
    clockOffsetMs: 60 * 60 * 1000,
    async preparePhotoStore(real) {
      for (const key of CRASH_LEFTOVERS) await real.put(key, Buffer.from('left over'), 'application/octet-stream');
      return {
        ...real,
        async put(key, bytes, contentType) {
          await beforePut(key);
          return real.put(key, bytes, contentType);
        },
      };
    },
  });
});
afterAll(async () => {
  await t.close();
});

const countPhotos = async () => (await t.query<{ n: number }>(sql`select count(*)::int as n from photos`))[0]?.n;

describe('files left by a crash', () => {
  it('are swept when the server starts', async () => {
    await expect.poll(async () => (await listPhotoFiles(t)).length, { timeout: 20_000 }).toBe(0);
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
    expect(await listPhotoFiles(t)).toEqual([]);
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
    expect(await listPhotoFiles(t)).toEqual([]);
    // And the next upload works.
    expect((await uploadRawPhoto(client, project.id, 'after', await makePhotoJpeg(200, 150))).status).toBe(201);
    expect(await listPhotoFiles(t)).toHaveLength(2);
  });
});
