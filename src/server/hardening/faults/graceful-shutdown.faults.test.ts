// Graceful shutdown: on SIGTERM the server stops taking connections, lets the
// requests in flight finish (an upload half sent when the signal came is stored and answered 201),
// cuts what is still open after SHUTDOWN_TIMEOUT_MS, and exits 0.
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { makePhotoJpeg } from '../../test-support/photo-fixtures.js';
import { Session, startServer, type ServerProcess } from './server-process.js';

let server: ServerProcess | undefined;
const dataDirs: string[] = [];

afterEach(async () => {
  await server?.kill('SIGKILL');
  server = undefined;
  for (const dir of dataDirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

async function newDataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-shutdown-'));
  dataDirs.push(dir);
  return dir;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A signed-in owner of one report on this server. */
async function ownerWithReport(url: string): Promise<{ session: Session; projectId: number }> {
  const session = new Session(url);
  expect(
    (
      await session.request('POST', '/api/register', {
        email: `drain-${Date.now()}@example.com`,
        password: 'correct horse',
        confirmPassword: 'correct horse',
        businessName: 'Drain Test',
      })
    ).status,
  ).toBe(201);
  const created = await session.request('POST', '/api/projects', { clientName: 'Drain Street 1' });
  return { session, projectId: (created.json as { id: number }).id };
}

/** Starts a raw-bytes photo upload and sends only the first part of the body. */
function startSlowUpload(url: string, session: Session, projectId: number, photo: Buffer) {
  const request = http.request(`${url}/api/projects/${projectId}/photos?type=before`, {
    method: 'POST',
    headers: { cookie: session.cookie, origin: url, 'content-type': 'image/jpeg', 'content-length': photo.length },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
  request.write(photo.subarray(0, photo.length / 2));
  return { answer, finish: () => request.end(photo.subarray(photo.length / 2)) };
}

it('finishes an upload in flight when SIGTERM arrives, takes no new connection, and exits 0', async () => {
  const dataDir = await newDataDir();
  server = await startServer({ dataDir, env: { SHUTDOWN_TIMEOUT_MS: '10000', LOG_LEVEL: 'info' } });
  const { url } = server;
  const { session, projectId } = await ownerWithReport(url);
  const photo = await makePhotoJpeg(1024, 768, { seed: 21 });

  const upload = startSlowUpload(url, session, projectId, photo);
  await pause(300); // the server has the request's headers and half its body
  process.kill(server.pid, 'SIGTERM');
  // Draining: no new connection is served (the load balancer sends the next request elsewhere).
  let newConnection: number | string = 'refused';
  for (let i = 0; i < 50; i++) {
    newConnection = await fetch(`${url}/readyz`).then(
      (response) => response.status,
      () => 'refused',
    );
    if (newConnection !== 200) break;
    await pause(20);
  }
  expect(newConnection === 'refused' || newConnection === 503).toBe(true);

  upload.finish();
  const answer = await upload.answer;
  expect(answer.status, answer.body).toBe(201);
  const photoId = (JSON.parse(answer.body) as { id: number }).id;
  expect(await server.kill('SIGTERM')).toBe(0);
  expect(server.output()).toMatch(/SIGTERM received: draining/);

  // The photo acknowledged during the drain is there after a restart.
  server = await startServer({ dataDir });
  const again = new Session(server.url);
  again.cookie = session.cookie;
  expect((await again.request('GET', `/api/photos/${photoId}/image`)).status).toBe(200);
}, 180_000);

it('cuts a request still open after SHUTDOWN_TIMEOUT_MS and exits 0', async () => {
  server = await startServer({ dataDir: await newDataDir(), env: { SHUTDOWN_TIMEOUT_MS: '1000' } });
  const { session, projectId } = await ownerWithReport(server.url);
  const stalled = startSlowUpload(server.url, session, projectId, await makePhotoJpeg(640, 480, { seed: 22 }));
  const outcome = stalled.answer.then(
    (answer) => `answered ${answer.status}`,
    (error: Error) => `cut: ${error.message}`,
  );
  await pause(300);
  expect(await server.kill('SIGTERM')).toBe(0);
  expect(await outcome).toMatch(/^cut: /);
  expect(server.output()).toMatch(/requests still in flight after 1000 ms/);
}, 180_000);
