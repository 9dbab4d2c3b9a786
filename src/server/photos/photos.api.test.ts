import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Photo, Project } from '../../shared/contract/projects.js';
import { startTestApp, testPhotoStoreKind, type TestApp } from '../test-support/test-app.js';
import { registerUser, type TestClient } from '../test-support/test-client.js';
import {
  EXIF_FIXTURE_ARTIST,
  hasGpsTag,
  makePhotoJpeg,
  makePixelBombPng,
  makeRotatedJpegWithGps,
  makeTruncatedJpeg,
  toDataUrl,
} from '../test-support/photo-fixtures.js';
import { addPhoto, listPhotoFiles, ownerWithProject, uploadRawPhoto } from '../test-support/project-helpers.js';
import { sweepOrphanPhotoFiles, ORPHAN_MIN_AGE_MS } from './orphan-sweeper.js';
import { users } from '../db/schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const countPhotos = async () => (await t.query<{ n: number }>(sql`select count(*)::int as n from photos`))[0]?.n;
const storedKeys = async (photoId: number) =>
  (await t.query<{ storage_key: string; thumbnail_key: string }>(sql`select storage_key, thumbnail_key from photos where id = ${photoId}`))[0];

async function getBytes(client: TestClient, url: string, headers: Record<string, string> = {}) {
  const response = await fetch(t.url + url, { headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...headers } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('adding photos', () => {
  it('stores a JSON data-URL upload (spec §7) as a JPEG file and a thumbnail, not in the database', async () => {
    const { client, project } = await ownerWithProject(t);
    const jpeg = await makePhotoJpeg(1600, 1200, { seed: 3 });
    const response = await client.post<Photo>(`/api/projects/${project.id}/photos`, { type: 'after', imageData: toDataUrl(jpeg) });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ projectId: project.id, type: 'after', width: 1024, height: 768 });
    expect(response.body.imageUrl).toBe(`/api/photos/${response.body.id}/image`);
    expect(response.body.imageData).toBeUndefined();

    const keys = await storedKeys(response.body.id);
    expect(keys?.storage_key).toMatch(new RegExp(`^projects/${project.id}/[0-9a-f-]{36}\\.jpg$`));
    const files = await listPhotoFiles(t);
    expect(files).toContain(keys?.storage_key);
    expect(files).toContain(keys?.thumbnail_key);
    // In the configured store only: DATA_DIR/photos, or the bucket when TEST_PHOTO_STORE=s3 sets S3_*.
    expect(t.config.s3 === undefined).toBe(testPhotoStoreKind === 'folder');
    expect(existsSync(path.join(t.dataDir, 'photos'))).toBe(testPhotoStoreKind === 'folder');
    const columns = await t.query<{ column_name: string }>(sql`select column_name from information_schema.columns where table_name = 'photos'`);
    expect(columns.map((c) => c.column_name)).not.toContain('image_data');
  });

  it('stores a raw-bytes upload (the app’s form) with ?type=, and serves it back as JPEG and 320px WebP', async () => {
    const { client, project } = await ownerWithProject(t);
    const response = await uploadRawPhoto(client, project.id, 'before', await makePhotoJpeg(800, 600, { seed: 4 }));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ type: 'before', width: 800, height: 600 });

    const image = await getBytes(client, response.body.imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('cache-control')).toBe('private, no-cache');
    expect(await sharp(image.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 800, height: 600 });

    const thumbnail = await getBytes(client, response.body.thumbnailUrl);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    expect(thumbnail.headers.get('cache-control')).toBe('private, no-cache');
    expect(await sharp(thumbnail.bytes).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
  });

  it('accepts PNG and WebP bytes whatever the stated type says, and stores JPEG', async () => {
    const { client, project } = await ownerWithProject(t);
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 10, g: 200, b: 30, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const webp = await sharp(await makePhotoJpeg(200, 300))
      .webp()
      .toBuffer();
    const fromPng = await client.post<Photo>(`/api/projects/${project.id}/photos`, { type: 'before', imageData: toDataUrl(png, 'image/jpeg') });
    const fromWebp = await uploadRawPhoto(client, project.id, 'after', webp, 'image/webp');
    expect(fromPng.status).toBe(201);
    expect(fromWebp.status).toBe(201);
    expect(fromWebp.body).toMatchObject({ width: 200, height: 300 });
    expect((await sharp((await getBytes(client, fromPng.body.imageUrl)).bytes).metadata()).format).toBe('jpeg');
  });

  it('never enlarges a small photo and keeps a large one within 1024x768', async () => {
    const { client, project } = await ownerWithProject(t);
    const small = await uploadRawPhoto(client, project.id, 'before', await makePhotoJpeg(320, 240));
    const portrait = await uploadRawPhoto(client, project.id, 'before', await makePhotoJpeg(1500, 2000));
    expect(small.body).toMatchObject({ width: 320, height: 240 });
    expect(portrait.body).toMatchObject({ width: 576, height: 768 });
  });

  it('turns a photo upright by its EXIF orientation and keeps no EXIF, GPS or other metadata', async () => {
    const { client, project } = await ownerWithProject(t);
    const original = await makeRotatedJpegWithGps();
    // The fixture really carries what must not survive.
    expect(hasGpsTag(original)).toBe(true);
    expect(original.includes(EXIF_FIXTURE_ARTIST)).toBe(true);
    expect((await sharp(original).metadata()).orientation).toBe(6);

    const response = await uploadRawPhoto(client, project.id, 'before', original);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ width: 200, height: 400 });

    const keys = await storedKeys(response.body.id);
    const stored = (await t.deps.photoStore.get(keys!.storage_key))!;
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ width: 200, height: 400 });
    expect(metadata.orientation).toBeUndefined();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(stored.includes('Exif')).toBe(false);
    expect(stored.includes(EXIF_FIXTURE_ARTIST)).toBe(false);
    expect(stored.includes('FixtureCam')).toBe(false);
    // Upright: the red left half of the sensor image is now on top, the blue right half at the bottom.
    const { data, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    expect(pixel(100, 20)[0]).toBeGreaterThan(200);
    expect(pixel(100, 20)[2]).toBeLessThan(50);
    expect(pixel(100, 380)[2]).toBeGreaterThan(200);
    expect(pixel(100, 380)[0]).toBeLessThan(50);
    const thumbnail = (await t.deps.photoStore.get(keys!.thumbnail_key))!;
    expect((await sharp(thumbnail).metadata()).exif).toBeUndefined();
  });
});

describe('refusing bad uploads with a clear 4xx, storing nothing', () => {
  let client: TestClient;
  let project: Project;
  beforeAll(async () => {
    ({ client, project } = await ownerWithProject(t));
  });

  const cases: Array<[string, () => Promise<{ body: unknown; raw?: Buffer; contentType?: string; type?: string }>, number, RegExp]> = [
    [
      'text that is not an image (raw, claiming image/jpeg)',
      async () => ({ body: undefined, raw: Buffer.from('definitely not a photo'.repeat(50)) }),
      415,
      /not an image/,
    ],
    [
      'an SVG (sharp could render it; a photo never is one)',
      async () => ({ body: undefined, raw: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'), contentType: 'image/png' }),
      415,
      /not an image/,
    ],
    [
      'a data URL of text',
      async () => ({ body: { type: 'before', imageData: `data:image/jpeg;base64,${Buffer.from('hello world!').toString('base64')}` } }),
      415,
      /not an image/,
    ],
    ['a string that is not a data URL', async () => ({ body: { type: 'before', imageData: 'https://example.com/photo.jpg' } }), 400, /data URL/],
    [
      'a data URL that is not an image type',
      async () => ({ body: { type: 'before', imageData: `data:text/plain;base64,${(await makePhotoJpeg(20, 20)).toString('base64')}` } }),
      400,
      /data URL/,
    ],
    ['a data URL whose base64 is broken', async () => ({ body: { type: 'before', imageData: 'data:image/jpeg;base64,/9j/4AAQ$$$%%%' } }), 400, /base64/],
    ['a data URL that is not base64', async () => ({ body: { type: 'before', imageData: 'data:image/jpeg,rawtext' } }), 400, /data URL/],
    ['a truncated JPEG', async () => ({ body: undefined, raw: await makeTruncatedJpeg() }), 400, /damaged or incomplete/],
    [
      'a truncated JPEG as a data URL',
      async () => ({ body: { type: 'after', imageData: toDataUrl(await makeTruncatedJpeg()) } }),
      400,
      /damaged or incomplete/,
    ],
    [
      'a pixel bomb (93-byte PNG claiming 60000x60000)',
      async () => ({ body: undefined, raw: await makePixelBombPng(), contentType: 'image/png' }),
      400,
      /too many pixels.*50 megapixels/,
    ],
    [
      'a photo over 10 MB',
      async () => ({ body: undefined, raw: Buffer.concat([await makePhotoJpeg(64, 64), Buffer.alloc(11 * 1024 * 1024)]) }),
      413,
      /too large.*10 MB/,
    ],
    ['a body over the 15 MB request limit', async () => ({ body: undefined, raw: Buffer.alloc(16 * 1024 * 1024, 1) }), 413, /too large/],
    [
      'a data URL over 10 MB',
      async () => ({ body: { type: 'before', imageData: toDataUrl(Buffer.concat([await makePhotoJpeg(64, 64), Buffer.alloc(10.5 * 1024 * 1024)])) } }),
      413,
      /too large.*10 MB/,
    ],
    ['an empty body', async () => ({ body: undefined, raw: Buffer.alloc(0) }), 400, /./],
    ['a wrong type', async () => ({ body: { type: 'during', imageData: toDataUrl(await makePhotoJpeg(20, 20)) } }), 400, /before' or 'after/],
    ['raw bytes without ?type', async () => ({ body: undefined, raw: await makePhotoJpeg(20, 20), type: '' }), 400, /before' or 'after/],
    ['an unsupported content type', async () => ({ body: undefined, raw: await makePhotoJpeg(20, 20), contentType: 'image/gif' }), 415, /content type/i],
    [
      'HEIC bytes this server cannot decode',
      async () => ({
        body: undefined,
        raw: Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(200)]),
        contentType: 'image/heic',
      }),
      415,
      /HEIC/,
    ],
  ];

  it.each(cases)('refuses %s', async (_name, make, status, message) => {
    const input = await make();
    const filesBefore = await listPhotoFiles(t);
    const photosBefore = await countPhotos();
    const response =
      input.raw !== undefined
        ? await client.post<{ message: string }>(`/api/projects/${project.id}/photos${input.type === '' ? '' : `?type=${input.type ?? 'before'}`}`, undefined, {
            raw: input.raw,
            headers: { 'content-type': input.contentType ?? 'image/jpeg' },
          })
        : await client.post<{ message: string }>(`/api/projects/${project.id}/photos`, input.body);
    expect(response.status).toBe(status);
    expect(response.body.message).toMatch(message);
    expect(await countPhotos()).toBe(photosBefore);
    expect(await listPhotoFiles(t)).toEqual(filesBefore);
  });
});

describe('deleting photos', () => {
  it('deletes the photo and its files; a paired photo takes its pair with it, the partner stays', async () => {
    const { client, project } = await ownerWithProject(t);
    const before = await addPhoto(client, project.id, 'before');
    const after = await addPhoto(client, project.id, 'after');
    expect((await client.post(`/api/projects/${project.id}/photo-pairs`, { beforePhotoId: before.id, afterPhotoId: after.id })).status).toBe(201);
    const keys = await storedKeys(before.id);

    const response = await client.delete<{ message: string }>(`/api/photos/${before.id}`);
    expect(response.status).toBe(200);
    const read = await client.get<Project>(`/api/projects/${project.id}?images=url`);
    expect(read.body.photos.map((p) => p.id)).toEqual([after.id]);
    expect(read.body.photoPairs).toEqual([]);
    const files = await listPhotoFiles(t);
    expect(files).not.toContain(keys?.storage_key);
    expect(files).not.toContain(keys?.thumbnail_key);
    expect((await client.get(`/api/photos/${before.id}/image`)).status).toBe(404);
    expect((await client.delete(`/api/photos/${before.id}`)).status).toBe(404);
  });
});

describe('photos on a shared phone', () => {
  it('are kept by the browser only until it asks again: private, no-cache with an ETag, and a 304 keeps that cheap', async () => {
    const { client, project } = await ownerWithProject(t);
    const photo = await addPhoto(client, project.id, 'before');
    for (const url of [photo.imageUrl, photo.thumbnailUrl]) {
      const first = await getBytes(client, url);
      expect(first.headers.get('cache-control')).toBe('private, no-cache');
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^".+"$/);
      const again = await getBytes(client, url, { 'if-none-match': etag! });
      expect(again.status).toBe(304);
      expect(again.bytes.length).toBe(0);
      // Signed out, the same question gets no photo and no 304: the browser cannot show its copy.
      const signedOut = await getBytes(t.client(), url, { 'if-none-match': etag! });
      expect(signedOut.status).toBe(401);
    }
  });
});

describe('ownership: another user’s photo is a 404 and changes nothing', () => {
  it('on image, thumbnail and delete', async () => {
    const owner = await ownerWithProject(t);
    const photo = await addPhoto(owner.client, owner.project.id, 'before');
    const intruder = t.client();
    await registerUser(intruder);
    for (const url of [photo.imageUrl, photo.thumbnailUrl]) {
      const response = await getBytes(intruder, url);
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control') ?? '').not.toContain('immutable');
    }
    const attempt = await intruder.delete<{ message: string }>(`/api/photos/${photo.id}`);
    expect(attempt.status).toBe(404);
    expect(attempt.body.message).toBe('Photo not found');
    expect((await getBytes(owner.client, photo.imageUrl)).status).toBe(200);
    expect((await getBytes(t.client(), photo.imageUrl)).status).toBe(401);
  });

  it('refuses an upload by a signed-out client before storing anything', async () => {
    const { project } = await ownerWithProject(t);
    const photosBefore = await countPhotos();
    const response = await uploadRawPhoto(t.client(), project.id, 'before', await makePhotoJpeg(64, 48));
    expect(response.status).toBe(401);
    expect(await countPhotos()).toBe(photosBefore);
  });
});

describe('concurrent uploads', () => {
  it('stores all 20 photos uploaded to one report at once: 20 rows, 40 files', async () => {
    const { client, project } = await ownerWithProject(t);
    const jpegs = await Promise.all(Array.from({ length: 20 }, (_, i) => makePhotoJpeg(1024, 768, { seed: 100 + i })));
    const send = (jpeg: Buffer, i: number) =>
      i % 2 === 0
        ? uploadRawPhoto(client, project.id, 'before', jpeg)
        : client.post<Photo>(`/api/projects/${project.id}/photos`, { type: 'after', imageData: toDataUrl(jpeg) });
    // All at once: past the user's uploads in flight a photo is refused with 429 before its body
    // is read, and sent again, as the app's upload queue does; none is lost or stored twice.
    const sendUntilStored = async (jpeg: Buffer, i: number) => {
      for (;;) {
        const response = await send(jpeg, i);
        if (response.status !== 429) return response;
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const responses = await Promise.all(jpegs.map(sendUntilStored));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
    const read = await client.get<Project>(`/api/projects/${project.id}?images=url`);
    expect(read.body.photos).toHaveLength(20);
    expect(new Set(read.body.photos.map((p) => p.id)).size).toBe(20);
    const files = (await listPhotoFiles(t)).filter((f) => f.startsWith(`projects/${project.id}/`));
    expect(files).toHaveLength(40);
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const auto = await client.post<{ pairsCreated: number }>(`/api/projects/${project.id}/auto-pair-all`);
    expect(auto.body.pairsCreated).toBe(10);
  }, 120_000);
});

describe('orphan sweeper', () => {
  it('removes old files no row points at (crash leftovers), keeps referenced and recent ones', async () => {
    const { client, project } = await ownerWithProject(t);
    const photo = await addPhoto(client, project.id, 'before');
    const keys = await storedKeys(photo.id);
    const store = t.deps.photoStore;
    // What a crash leaves: files written but no row (and a half-written temp file), in a live and a deleted project.
    await store.put(`projects/${project.id}/crashed-upload.jpg`, Buffer.from('x'), 'image/jpeg');
    await store.put(`projects/${project.id}/crashed-upload.jpg.123.abc.tmp`, Buffer.from('x'), 'image/jpeg');
    await store.put('projects/987654/gone-project.thumb.webp', Buffer.from('x'), 'image/webp');
    // Business logos: the one a user points at stays; one left by a crash mid-upload goes.
    const logoPng = await sharp({ create: { width: 60, height: 40, channels: 4, background: '#0f766e' } })
      .png()
      .toBuffer();
    const logo = await client.post<{ businessLogoUrl: string | null }>('/api/user/logo', undefined, { raw: logoPng, headers: { 'content-type': 'image/png' } });
    expect(logo.status).toBe(200);
    const [owner] = await t.db
      .select({ logoKey: users.businessLogoKey })
      .from(users)
      .where(eq(users.id, (await client.get<{ id: number }>('/api/user')).body.id));
    await store.put('logos/987654/crashed-logo.png', Buffer.from('x'), 'image/png');
    // A client's issue photo whose report was deleted (its row went with the report).
    await store.put('client-answers/987654/gone-issue.jpg', Buffer.from('x'), 'image/jpeg');

    const leftovers = [
      'client-answers/987654/gone-issue.jpg',
      `projects/${project.id}/crashed-upload.jpg`,
      `projects/${project.id}/crashed-upload.jpg.123.abc.tmp`,
      'projects/987654/gone-project.thumb.webp',
      'logos/987654/crashed-logo.png',
    ];

    // Younger than ORPHAN_MIN_AGE_MS: they may be an upload whose row is not written yet.
    await sweepOrphanPhotoFiles(t.deps, { now: new Date() });
    expect(await listPhotoFiles(t)).toEqual(expect.arrayContaining(leftovers));

    const later = new Date(Date.now() + ORPHAN_MIN_AGE_MS + 60_000);
    const result = await sweepOrphanPhotoFiles(t.deps, { now: later });
    expect(result.removed).toBeGreaterThanOrEqual(leftovers.length);
    const files = await listPhotoFiles(t);
    expect(files).toContain(keys?.storage_key);
    expect(files).toContain(keys?.thumbnail_key);
    expect(owner?.logoKey).toMatch(/^logos\//);
    expect(files).toContain(owner?.logoKey);
    expect(files).not.toContain('logos/987654/crashed-logo.png');
    expect(files).not.toContain('client-answers/987654/gone-issue.jpg');
    expect((await client.get('/api/user/logo')).status).toBe(200);
    expect(files.filter((f) => f.includes('crashed') || f.includes('gone-project'))).toEqual([]);
    expect((await getBytes(client, photo.imageUrl)).status).toBe(200);
  });

  it('sweeps a store larger than one page, page by page, looking at each file once', async () => {
    const { client, project } = await ownerWithProject(t);
    const kept = [await addPhoto(client, project.id, 'before'), await addPhoto(client, project.id, 'after')];
    const keptKeys = (await Promise.all(kept.map((photo) => storedKeys(photo.id)))).flatMap((keys) => [keys!.storage_key, keys!.thumbnail_key]);
    const orphans = [
      ...Array.from({ length: 9 }, (_, i) => `projects/${project.id}/orphan-${i}.jpg`),
      ...Array.from({ length: 4 }, (_, i) => `projects/987655/orphan-${i}.thumb.webp`),
      ...Array.from({ length: 5 }, (_, i) => `logos/987655/orphan-${i}.png`),
    ];
    for (const key of orphans) await t.deps.photoStore.put(key, Buffer.from('x'), 'application/octet-stream');
    const swept = (await listPhotoFiles(t)).filter((key) => key.startsWith('projects/') || key.startsWith('logos/'));

    // Pages of 4: both folders span several pages, and files are deleted between pages.
    const result = await sweepOrphanPhotoFiles(t.deps, { now: new Date(Date.now() + ORPHAN_MIN_AGE_MS + 60_000), pageSize: 4 });
    expect(result.scanned).toBe(swept.length);
    const files = await listPhotoFiles(t);
    expect(files.filter((key) => key.includes('orphan-'))).toEqual([]);
    expect(files).toEqual(expect.arrayContaining(keptKeys));
    expect(result.removed).toBe(swept.length - files.filter((key) => swept.includes(key)).length);
    for (const photo of kept) expect((await getBytes(client, photo.imageUrl)).status).toBe(200);
  });
});
