import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import type { User } from '../../shared/contract/auth.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { registerUser, type TestClient } from '../test-support/test-client.js';
import { hasGpsTag, makePixelBombPng, makeRotatedJpegWithGps, makeTruncatedJpeg } from '../test-support/photo-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const uploadLogo = (client: TestClient, bytes: Buffer | string, contentType: string) =>
  client.post<User & { message?: string }>('/api/user/logo', undefined, { raw: bytes, headers: { 'content-type': contentType } });

async function signedIn(): Promise<{ client: TestClient; userId: number }> {
  const client = t.client();
  const { user } = await registerUser(client);
  return { client, userId: user.id };
}

async function logoKey(userId: number): Promise<string | null> {
  const [row] = await t.query<{ key: string | null }>(sql`select business_logo_key as key from users where id = ${userId}`);
  return row?.key ?? null;
}

const wideLogoPng = () =>
  sharp({ create: { width: 1200, height: 400, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 0.5 } } })
    .png()
    .toBuffer();

describe('business logo', () => {
  it('stores an uploaded PNG, scaled within 600x400 and still PNG with transparency', async () => {
    const { client, userId } = await signedIn();
    const response = await uploadLogo(client, await wideLogoPng(), 'image/png');
    expect(response.status).toBe(200);
    expect(response.body.businessLogoUrl).toMatch(/^\/api\/user\/logo\?v=/);

    const image = await client.get(response.body.businessLogoUrl!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const key = await logoKey(userId);
    const stored = await t.deps.photoStore.get(key!);
    const meta = await sharp(stored!).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 600, 200, true]);
  });

  it('serves the logo private, no-cache with an ETag (a 304 when unchanged), not kept past Sign Out', async () => {
    const { client } = await signedIn();
    const response = await uploadLogo(client, await wideLogoPng(), 'image/png');
    const image = await client.get(response.body.businessLogoUrl!);
    expect(image.headers.get('cache-control')).toBe('private, no-cache');
    const etag = image.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect((await client.get(response.body.businessLogoUrl!, { headers: { 'if-none-match': etag! } })).status).toBe(304);
    expect((await t.client().get(response.body.businessLogoUrl!, { headers: { 'if-none-match': etag! } })).status).toBe(401);
  });

  it('stores a JPEG upright with no location metadata', async () => {
    const { client, userId } = await signedIn();
    const response = await uploadLogo(client, await makeRotatedJpegWithGps(), 'image/jpeg');
    expect(response.status).toBe(200);
    const stored = (await t.deps.photoStore.get((await logoKey(userId))!))!;
    expect(hasGpsTag(stored)).toBe(false);
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 200, 400]);
  });

  it('replaces the previous logo and deletes its file', async () => {
    const { client, userId } = await signedIn();
    await uploadLogo(client, await wideLogoPng(), 'image/png');
    const first = await logoKey(userId);
    const second = await uploadLogo(client, await makeRotatedJpegWithGps(), 'image/jpeg');
    expect(second.status).toBe(200);
    expect(await logoKey(userId)).not.toBe(first);
    expect(await t.deps.photoStore.get(first!)).toBeNull();
  });

  it('removes the logo with DELETE', async () => {
    const { client, userId } = await signedIn();
    await uploadLogo(client, await wideLogoPng(), 'image/png');
    const key = await logoKey(userId);
    const response = await client.delete<User>('/api/user/logo');
    expect(response.status).toBe(200);
    expect(response.body.businessLogoUrl).toBeNull();
    expect(await logoKey(userId)).toBeNull();
    expect(await t.deps.photoStore.get(key!)).toBeNull();
    expect((await client.get('/api/user/logo')).status).toBe(404);
  });

  it.each([
    ['text that claims to be a PNG', () => Promise.resolve(Buffer.from('not an image at all')), 'image/png', 415],
    [
      'a WebP',
      () =>
        sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
          .webp()
          .toBuffer(),
      'image/webp',
      415,
    ],
    ['a truncated JPEG', () => makeTruncatedJpeg(), 'image/jpeg', 400],
    ['a PNG pixel bomb', () => makePixelBombPng(), 'image/png', 413],
    ['an empty body', () => Promise.resolve(Buffer.alloc(0)), 'image/png', 400],
  ])('refuses %s with a message and changes nothing', async (_name, make, contentType, status) => {
    const { client, userId } = await signedIn();
    await uploadLogo(client, await wideLogoPng(), 'image/png');
    const before = await logoKey(userId);
    const response = await uploadLogo(client, await make(), contentType);
    expect(response.status).toBe(status);
    expect(response.body.message).toEqual(expect.any(String));
    expect(await logoKey(userId)).toBe(before);
    expect(await t.deps.photoStore.get(before!)).not.toBeNull();
  });

  it('refuses JSON with a message saying what to send', async () => {
    const { client } = await signedIn();
    const response = await client.post<{ message: string }>('/api/user/logo', { logo: 'x' });
    expect(response.status).toBe(415);
    expect(response.body.message).toMatch(/PNG or JPEG/);
  });

  it('needs a signed-in user, and each user sees only their own logo', async () => {
    const anonymous = t.client();
    expect((await uploadLogo(anonymous, await wideLogoPng(), 'image/png')).status).toBe(401);
    expect((await anonymous.get('/api/user/logo')).status).toBe(401);
    expect((await anonymous.delete('/api/user/logo')).status).toBe(401);

    const owner = await signedIn();
    await uploadLogo(owner.client, await wideLogoPng(), 'image/png');
    const other = await signedIn();
    expect((await other.client.get('/api/user/logo')).status).toBe(404);
    expect((await other.client.delete('/api/user/logo')).status).toBe(200);
    expect(await logoKey(owner.userId)).not.toBeNull();
  });
});
