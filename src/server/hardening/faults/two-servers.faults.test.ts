// More than one machine: two server processes share one PostgreSQL database and one
// photo folder. A session made on one is valid on the other; a report, its photos and its PDF
// made through one are seen through the other.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { makePhotoJpeg } from '../../test-support/photo-fixtures.js';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres.js';
import { Session, startServer, type ServerProcess } from './server-process.js';

let postgres: PrivatePostgres | undefined;
const servers: ServerProcess[] = [];
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-two-'));

afterAll(async () => {
  for (const server of servers) await server.kill('SIGKILL');
  await postgres?.destroy();
  await fs.rm(dataDir, { recursive: true, force: true });
});

it('shares sessions, reports, photos and PDFs between two servers', async () => {
  postgres = await startPrivatePostgres();
  const databaseUrl = await postgres.createDatabase('cleanproof_two');
  // Both start at once: migrations are serialised by the advisory lock.
  const [one, two] = await Promise.all([startServer({ dataDir, databaseUrl }), startServer({ dataDir, databaseUrl })]);
  if (!one || !two) throw new Error('servers did not start');
  servers.push(one, two);

  const onOne = new Session(one.url);
  expect(
    (
      await onOne.request('POST', '/api/register', {
        email: 'two@example.com',
        password: 'correct horse',
        confirmPassword: 'correct horse',
        businessName: 'Twin Servers',
      })
    ).status,
  ).toBe(201);
  const onTwo = new Session(two.url);
  onTwo.cookie = onOne.cookie;
  const me = await onTwo.request('GET', '/api/user');
  expect(me.status).toBe(200);
  expect((me.json as { email: string }).email).toBe('two@example.com');

  const created = await onOne.request('POST', '/api/projects', { clientName: 'Made on one', description: 'seen on two' });
  expect(created.status).toBe(201);
  const projectId = (created.json as { id: number }).id;
  const photo = await makePhotoJpeg(800, 600, { seed: 3 });
  const before = await onOne.request('POST', `/api/projects/${projectId}/photos?type=before`, undefined, { bytes: photo, contentType: 'image/jpeg' });
  const after = await onTwo.request('POST', `/api/projects/${projectId}/photos?type=after`, undefined, { bytes: photo, contentType: 'image/jpeg' });
  expect([before.status, after.status]).toEqual([201, 201]);
  const beforeId = (before.json as { id: number }).id;
  const afterId = (after.json as { id: number }).id;
  expect((await onTwo.request('POST', `/api/projects/${projectId}/photo-pairs`, { beforePhotoId: beforeId, afterPhotoId: afterId })).status).toBe(201);

  const seen = await onTwo.request('GET', `/api/projects/${projectId}?images=url`);
  expect(seen.status).toBe(200);
  expect(seen.json).toMatchObject({ clientName: 'Made on one', description: 'seen on two', photoPairs: [{ beforePhotoId: beforeId, afterPhotoId: afterId }] });
  // A photo uploaded through one server is served by the other (one shared photo store).
  const image = await fetch(`${two.url}/api/photos/${beforeId}/image`, { headers: { cookie: onOne.cookie } });
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toBe('image/jpeg');
  const pdf = await fetch(`${one.url}/api/projects/${projectId}/report.pdf`, { headers: { cookie: onTwo.cookie } });
  expect(pdf.status).toBe(200);
  expect(
    Buffer.from(await pdf.arrayBuffer())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // Signing out on one ends the session on both.
  expect((await onTwo.request('POST', '/api/logout')).status).toBe(200);
  const stale = new Session(one.url);
  stale.cookie = onOne.cookie;
  expect((await stale.request('GET', '/api/user')).status).toBe(401);
}, 300_000);
