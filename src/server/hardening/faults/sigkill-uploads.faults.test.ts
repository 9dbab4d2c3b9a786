// Faults: the server is killed with SIGKILL while photos are being uploaded, then
// restarted on the same data folder (embedded PGlite + local photo store, the default setup).
// Afterwards: every acknowledged photo is there, no row points at a missing file, files left
// without a row are swept, and the server serves again.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { ORPHAN_MIN_AGE_MS } from '../../photos/orphan-sweeper.js';
import { makePhotoJpeg } from '../../test-support/photo-fixtures.js';
import { Session, startServer, type ServerProcess } from './server-process.js';

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-sigkill-'));
const photoRoot = path.join(dataDir, 'photos');
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.kill('SIGKILL');
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function listFiles(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true }).catch(() => [] as string[]);
  const files: string[] = [];
  for (const entry of entries) if ((await fs.stat(path.join(root, entry))).isFile()) files.push(entry.split(path.sep).join('/'));
  return files.sort();
}

it('loses no acknowledged photo, leaves no row without its file, sweeps orphans and serves again', async () => {
  server = await startServer({ dataDir });
  const user = new Session(server.url);
  expect(
    (
      await user.request('POST', '/api/register', {
        email: 'kill@example.com',
        password: 'correct horse',
        confirmPassword: 'correct horse',
        businessName: 'Kill Test',
      })
    ).status,
  ).toBe(201);
  const created = await user.request('POST', '/api/projects', { clientName: 'Crash Street 1' });
  expect(created.status).toBe(201);
  const projectId = (created.json as { id: number }).id;

  // Four clients upload 1024x768 photos in a loop; the server is killed once 12 are acknowledged.
  const photo = await makePhotoJpeg(1024, 768, { seed: 7 });
  const acknowledged: number[] = [];
  let failedInFlight = 0;
  let killed = false;
  const uploader = async () => {
    while (!killed) {
      try {
        const response = await user.request('POST', `/api/projects/${projectId}/photos?type=before`, undefined, { bytes: photo, contentType: 'image/jpeg' });
        if (response.status === 201) acknowledged.push((response.json as { id: number }).id);
        else throw new Error(`upload answered ${response.status}: ${response.text}`);
      } catch (error) {
        if (!killed) throw error;
        failedInFlight += 1; // cut off by the kill: never acknowledged, so may or may not exist
      }
    }
  };
  const running = [uploader(), uploader(), uploader(), uploader()];
  while (acknowledged.length < 12) await new Promise((resolve) => setTimeout(resolve, 5));
  killed = true;
  await server.kill('SIGKILL');
  await Promise.all(running);
  expect(failedInFlight).toBeGreaterThan(0); // the kill really landed in the middle of uploads

  // A crash between writing the files and inserting the row leaves files no row points at; plant
  // one of each kind for certain, and make every file older than the sweeper's safety margin
  // (as when the server comes back some minutes later).
  await fs.writeFile(path.join(photoRoot, 'projects', String(projectId), 'planted-orphan.jpg'), photo);
  await fs.writeFile(path.join(photoRoot, 'projects', String(projectId), 'half-written.jpg.123.abc.tmp'), photo.subarray(0, 1000));
  const old = new Date(Date.now() - ORPHAN_MIN_AGE_MS - 60_000);
  for (const file of await listFiles(photoRoot)) await fs.utimes(path.join(photoRoot, file), old, old);
  // Some minutes later is also a new sweep period: the killed server's claim on this one is
  // history (periodic tasks run once per period across servers, lib/periodic-task.ts).
  const claims = await openDatabase({ pgliteDataDir: path.join(dataDir, 'db') });
  await claims.db.execute('delete from job_runs');
  await claims.close();

  server = await startServer({ dataDir });
  const again = new Session(server.url);
  again.cookie = user.cookie;
  // The session made before the crash still works, and new uploads are accepted.
  expect((await again.request('GET', '/api/user')).status).toBe(200);
  const after = await again.request('POST', `/api/projects/${projectId}/photos?type=after`, undefined, { bytes: photo, contentType: 'image/jpeg' });
  expect(after.status).toBe(201);
  const report = await again.request('GET', `/api/projects/${projectId}?images=url`);
  const listed = (report.json as { photos: { id: number }[] }).photos.map((p) => p.id);
  expect(listed).toEqual(expect.arrayContaining(acknowledged));
  // The image of every acknowledged photo is served.
  for (const id of acknowledged) expect((await again.request('GET', `/api/photos/${id}/image`)).status).toBe(200);

  // The sweep runs when the server is ready; wait for the planted orphan to go.
  const planted = path.join(photoRoot, 'projects', String(projectId), 'planted-orphan.jpg');
  for (
    let i = 0;
    i < 100 &&
    (await fs.stat(planted).then(
      () => true,
      () => false,
    ));
    i += 1
  )
    await new Promise((resolve) => setTimeout(resolve, 100));
  await server.kill('SIGTERM');
  server = undefined;

  const database = await openDatabase({ pgliteDataDir: path.join(dataDir, 'db') });
  try {
    const rows = (
      (await database.db.execute('select id, storage_key, thumbnail_key from photos')) as unknown as {
        rows: { id: number; storage_key: string; thumbnail_key: string }[];
      }
    ).rows;
    const files = await listFiles(photoRoot);
    const referenced = rows.flatMap((row) => [row.storage_key, row.thumbnail_key]).sort();
    expect(rows.map((row) => row.id)).toEqual(expect.arrayContaining([...acknowledged, (after.json as { id: number }).id]));
    // No row without its file, and (after the sweep) no file without its row.
    expect(files).toEqual(referenced);
    console.log(
      `sigkill: ${acknowledged.length} uploads acknowledged before the kill, ${failedInFlight} cut off, ${rows.length} photo rows after restart, ${files.length} files, all matched`,
    );
  } finally {
    await database.close();
  }
}, 300_000);
