// A full disk or a lost bucket is a clear answer, not a lost photo: the upload is a 503
// { code: 'storage_unavailable' } with Retry-After, no row is left without its file and no part
// of a file is left to be served, /readyz says so, and the same upload sent again once there is
// room is stored (the app's queue keeps the photo and retries a 503).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Photo } from '../../shared/contract/projects.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import type { TestClient } from '../test-support/test-client.js';
import { makePhotoJpeg } from '../test-support/photo-fixtures.js';
import { ownerWithProject } from '../test-support/project-helpers.js';
import { createLocalFolderStore } from '../storage/local-folder-store.js';

/** A 2 MB tmpfs of our own (needs root, as in CI and here); the reason when mounting is impossible. */
async function mountSmallDisk(): Promise<{ dir: string; unmount(): void } | { reason: string }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dir], { stdio: 'pipe' });
    return { dir, unmount: () => execFileSync('umount', [dir]) };
  } catch (error) {
    return { reason: `cannot mount a tmpfs here (${(error as Error).message.split('\n')[0]})` };
  }
}

const disk = await mountSmallDisk();
const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  if ('dir' in disk) disk.unmount();
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Fills the disk to the last byte with a file of its own; returns it. */
async function fillDisk(dir: string): Promise<string> {
  const filler = path.join(dir, 'filler.bin');
  const chunk = Buffer.alloc(16 * 1024, 1);
  const handle = await fs.open(filler, 'w');
  try {
    for (;;) await handle.write(chunk);
  } catch (error) {
    expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
  } finally {
    await handle.close();
  }
  return filler;
}

const photoCount = async (t: TestApp, projectId: number) =>
  (await t.query<{ n: number }>(sql`select count(*)::int as n from photos where project_id = ${projectId}`))[0]?.n;

function send(client: TestClient, projectId: number, bytes: Buffer, key: string) {
  return client.post<Photo & { code?: string; message: string }>(`/api/projects/${projectId}/photos?type=before`, undefined, {
    raw: bytes,
    headers: { 'content-type': 'image/jpeg', 'idempotency-key': key },
  });
}

describe('the photo store’s disk is full', () => {
  it.skipIf(!('dir' in disk))(
    `answers 503 storage_unavailable with Retry-After, leaves no row and no file, says so on /readyz, and stores the same upload once there is room${'reason' in disk ? ` (skipped: ${disk.reason})` : ''}`,
    async () => {
      if (!('dir' in disk)) return;
      const t = await startTestApp({ preparePhotoStore: async () => createLocalFolderStore(disk.dir) });
      apps.push(t);
      const { client, project } = await ownerWithProject(t);
      expect((await t.client().get('/readyz')).status).toBe(200);
      const photo = await makePhotoJpeg(1024, 768, { seed: 11 });
      const filler = await fillDisk(disk.dir);
      const filesBefore = await filesUnder(disk.dir);

      const key = randomUUID();
      const refused = await send(client, project.id, photo, key);
      expect(refused.status).toBe(503);
      expect(refused.body.code).toBe('storage_unavailable');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await photoCount(t, project.id)).toBe(0);
      // Not a byte of it left behind, under its own name or a temporary one.
      expect(await filesUnder(disk.dir)).toEqual(filesBefore);
      const ready = await t.client().get<{ reason: string }>('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.reason).toBe('photo store full');

      // Room again: the phone sends the same photo with the same key, and it is stored whole.
      await fs.rm(filler);
      const stored = await send(client, project.id, photo, key);
      expect(stored.status).toBe(201);
      expect(await photoCount(t, project.id)).toBe(1);
      const image = await client.get(stored.body.imageUrl);
      expect(image.status).toBe(200);
      expect((await t.client().get('/readyz')).status).toBe(200);
    },
  );
});

describe('the photo bucket cannot be reached', () => {
  it('answers 503 storage_unavailable with Retry-After, stores no row, and /readyz says the store is unavailable', async () => {
    const t = await startTestApp({
      env: {
        S3_BUCKET: 'cleanproof-gone',
        S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}`,
        S3_ACCESS_KEY_ID: 'test',
        S3_SECRET_ACCESS_KEY: 'test-secret',
      },
    });
    apps.push(t);
    const { client, project } = await ownerWithProject(t);
    const refused = await send(client, project.id, await makePhotoJpeg(320, 240), randomUUID());
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe('storage_unavailable');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await photoCount(t, project.id)).toBe(0);
    const ready = await t.client().get<{ reason: string }>('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.reason).toBe('photo store unavailable');
  });
});

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
