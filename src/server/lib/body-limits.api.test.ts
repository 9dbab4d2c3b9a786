// Body limits: 64 KB for every route but the photo and logo uploads, which take more
// only from a signed-in user, checked before the body is read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { registerUser } from '../test-support/test-client.js';
import { createProject } from '../test-support/project-helpers.js';
import { makePhotoJpeg } from '../test-support/photo-fixtures.js';
import { BODY_LIMIT_BYTES } from './body-limits.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const jsonOfSize = (bytes: number) => JSON.stringify({ email: 'a@b.co', padding: 'x'.repeat(bytes) });

describe('body limits', () => {
  it('refuses a 15 MB JSON body on an anonymous route with 413, and still reads a body under 64 KB', async () => {
    const huge = await t
      .client()
      .post<{ message: string }>('/api/forgot-password', undefined, { raw: jsonOfSize(15 * 1024 * 1024), headers: { 'content-type': 'application/json' } });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('The request is too large (the limit is 64 KB).');
    const small = await t
      .client()
      .post('/api/forgot-password', undefined, { raw: jsonOfSize(BODY_LIMIT_BYTES - 1000), headers: { 'content-type': 'application/json' } });
    expect(small.status).toBe(200);
  });

  it('refuses a large upload from someone not signed in with 401 before reading it', async () => {
    const photo = await makePhotoJpeg(1024, 768, { seed: 3 });
    const bytes = Buffer.concat([photo, Buffer.alloc(2 * 1024 * 1024)]);
    const anonymous = await t
      .client()
      .post<{ message: string }>('/api/projects/1/photos?type=before', undefined, { raw: bytes, headers: { 'content-type': 'image/jpeg' } });
    expect(anonymous.status).toBe(401);
    const logo = await t.client().post('/api/user/logo', undefined, { raw: bytes, headers: { 'content-type': 'image/png' } });
    expect(logo.status).toBe(401);
  });

  it('takes photos far above 64 KB from a signed-in user, as raw bytes and as the spec’s data URL', async () => {
    const client = t.client();
    await registerUser(client);
    const project = await createProject(client);
    const photo = await makePhotoJpeg(1600, 1200, { seed: 4 });
    expect(photo.length).toBeGreaterThan(BODY_LIMIT_BYTES);
    const raw = await client.post(`/api/projects/${project.id}/photos?type=before`, undefined, { raw: photo, headers: { 'content-type': 'image/jpeg' } });
    expect(raw.status).toBe(201);
    const json = await client.post(`/api/projects/${project.id}/photos`, { type: 'after', imageData: `data:image/jpeg;base64,${photo.toString('base64')}` });
    expect(json.status).toBe(201);
  });
});
