// Work in flight is bounded before a body is read: a few uploads per user, a byte budget for
// the server, a bounded queue for image and PDF work, and a rate limit on logos. Each refusal is
// a 429 or 503 with Retry-After (the app's upload queue keeps the photo and retries it).
import http from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { registerUser, type TestClient } from '../test-support/test-client.js';
import { makePhotoJpeg } from '../test-support/photo-fixtures.js';
import { ownerWithProject, uploadRawPhoto } from '../test-support/project-helpers.js';
import { UPLOAD_BODY_LIMIT_BYTES } from '../lib/body-limits.js';
import { UPLOAD_BYTES_IN_FLIGHT_TOTAL, UPLOADS_IN_FLIGHT_PER_USER } from '../lib/uploads-in-flight.js';
import { CPU_WORK_QUEUE_MAX, cpuWork } from '../lib/cpu-work.js';
import { RATE_LIMITS } from '../lib/rate-limit-rules.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

interface HangingUpload {
  /** The server's answer, if it gives one before the body has come. */
  answer: Promise<{ status: number; retryAfter: string | undefined; body: string }>;
  abort(): void;
}

/** An upload that declares `declaredBytes` and sends none of them: it holds its place until aborted. */
function hangingUpload(client: TestClient, path: string, declaredBytes: number): HangingUpload {
  const url = new URL(t.url + path);
  const request = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname + url.search,
    method: 'POST',
    headers: {
      'content-type': 'image/jpeg',
      'content-length': String(declaredBytes),
      origin: t.url,
      'x-forwarded-for': client.address ?? '',
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
  });
  request.on('error', () => undefined);
  request.flushHeaders();
  const answer = new Promise<{ status: number; retryAfter: string | undefined; body: string }>((resolve) => {
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'] as string | undefined, body }));
    });
  });
  return { answer, abort: () => request.destroy() };
}

async function bytesInFlight(): Promise<number> {
  const { text } = await t.client().get('/metrics');
  return Number(/^cleanproof_upload_bytes_in_flight (\d+)/m.exec(text)?.[1] ?? NaN);
}

async function waitForBytesInFlight(bytes: number): Promise<void> {
  while ((await bytesInFlight()) !== bytes) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('uploads in flight', () => {
  it(`lets one user have ${UPLOADS_IN_FLIGHT_PER_USER} uploads in flight; one more is a 429 with Retry-After before its body is read`, async () => {
    const { client, project } = await ownerWithProject(t);
    const path = `/api/projects/${project.id}/photos?type=before`;
    const declared = 1024 * 1024;
    const held = Array.from({ length: UPLOADS_IN_FLIGHT_PER_USER }, () => hangingUpload(client, path, declared));
    await waitForBytesInFlight(UPLOADS_IN_FLIGHT_PER_USER * declared);

    const refused = hangingUpload(client, path, declared);
    const answer = await refused.answer;
    expect(answer.status).toBe(429);
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'uploads_in_flight' });
    refused.abort();

    // Another user is not held up by it.
    const other = await ownerWithProject(t);
    expect((await uploadRawPhoto(other.client, other.project.id, 'before', await makePhotoJpeg(64, 48))).status).toBe(201);

    for (const upload of held) upload.abort();
    await waitForBytesInFlight(0);
    expect((await uploadRawPhoto(client, project.id, 'before', await makePhotoJpeg(64, 48))).status).toBe(201);
  });

  it('keeps all uploads together within a byte budget: past it a 503 with Retry-After and the code server_busy', async () => {
    const fullBodies = Math.floor(UPLOAD_BYTES_IN_FLIGHT_TOTAL / UPLOAD_BODY_LIMIT_BYTES);
    const held: HangingUpload[] = [];
    let owner = await ownerWithProject(t);
    for (let i = 0; i < fullBodies; i++) {
      if (i > 0 && i % UPLOADS_IN_FLIGHT_PER_USER === 0) owner = await ownerWithProject(t);
      held.push(hangingUpload(owner.client, `/api/projects/${owner.project.id}/photos?type=after`, UPLOAD_BODY_LIMIT_BYTES));
    }
    await waitForBytesInFlight(fullBodies * UPLOAD_BODY_LIMIT_BYTES);

    const latecomer = await ownerWithProject(t);
    const refused = hangingUpload(latecomer.client, `/api/projects/${latecomer.project.id}/photos?type=after`, UPLOAD_BODY_LIMIT_BYTES);
    const answer = await refused.answer;
    expect(answer.status).toBe(503);
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'server_busy' });
    refused.abort();

    for (const upload of held) upload.abort();
    await waitForBytesInFlight(0);
    expect((await uploadRawPhoto(latecomer.client, latecomer.project.id, 'after', await makePhotoJpeg(64, 48))).status).toBe(201);
  });
});

describe('the image and PDF work queue', () => {
  it(`holds at most ${CPU_WORK_QUEUE_MAX} jobs waiting; past that an upload is a 503 with Retry-After, and nothing is stored`, async () => {
    const { client, project } = await ownerWithProject(t);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const blockers: Promise<void>[] = [];
    // Every core busy and the queue full (the app runs in this process: one queue).
    while (cpuWork.pending < CPU_WORK_QUEUE_MAX) blockers.push(cpuWork.run(() => gate));
    try {
      const refused = await uploadRawPhoto(client, project.id, 'before', await makePhotoJpeg(640, 480));
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body).toMatchObject({ code: 'server_busy' });
    } finally {
      release();
      await Promise.all(blockers);
    }
    const project2 = await client.get<{ photos: unknown[] }>(`/api/projects/${project.id}?images=url`);
    expect(project2.body.photos).toEqual([]);
    expect((await uploadRawPhoto(client, project.id, 'before', await makePhotoJpeg(640, 480))).status).toBe(201);
  });
});

describe('logo uploads', () => {
  it(`allow ${RATE_LIMITS.logoUploadsPerUser.max} an hour per user, then 429 with Retry-After`, async () => {
    const client = t.client();
    await registerUser(client);
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 1, g: 2, b: 3 } } })
      .png()
      .toBuffer();
    const upload = () => client.post('/api/user/logo', undefined, { raw: png, headers: { 'content-type': 'image/png' } });
    for (let i = 0; i < RATE_LIMITS.logoUploadsPerUser.max; i++) expect((await upload()).status).toBe(200);
    const refused = await upload();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
