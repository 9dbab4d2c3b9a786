// Issue 13: idempotent uploads (Idempotency-Key), proof of capture (capturedAt, receivedAt, sha256).
import fs from 'node:fs/promises';
// Runs on PGlite and, with TEST_DATABASE=postgres, on PostgreSQL.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Photo, Project } from '../../shared/contract/projects.js';
import type { SharedReport } from '../../shared/contract/share-links.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import type { TestClient } from '../test-support/test-client.js';
import sharp from 'sharp';
import { EXIF_FIXTURE_ARTIST, hasGpsTag, makePhotoJpeg, makeRotatedJpegWithGps, toDataUrl } from '../test-support/photo-fixtures.js';
import { decodeAndEncode, PHOTO_JPEG_QUALITY } from './image-processing.js';
import { listJpegSegments } from './jpeg-metadata.js';
import { listPhotoFiles, ownerWithProject } from '../test-support/project-helpers.js';
import { deleteOldUploadKeys, UPLOAD_KEY_KEEP_MS } from './upload-keys.js';
import { errorMessage } from '../../shared/error-codes.js';

const KEY_PHOTO_DELETED_MESSAGE = errorMessage('upload_key_photo_deleted');
const KEY_REUSED_MESSAGE = errorMessage('upload_key_reused');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60 * 1000;

type Answer = Photo & { message?: string };

function postRaw(client: TestClient, projectId: number, bytes: Buffer, options: { key?: string; type?: string; capturedAt?: string } = {}) {
  const query = new URLSearchParams({ type: options.type ?? 'before', ...(options.capturedAt === undefined ? {} : { capturedAt: options.capturedAt }) });
  return client.post<Answer>(`/api/projects/${projectId}/photos?${query}`, undefined, {
    raw: bytes,
    headers: { 'content-type': 'image/jpeg', ...(options.key === undefined ? {} : { 'idempotency-key': options.key }) },
  });
}

function postJson(client: TestClient, projectId: number, body: Record<string, unknown>, key?: string) {
  return client.post<Answer>(`/api/projects/${projectId}/photos`, body, { headers: key === undefined ? {} : { 'idempotency-key': key } });
}

const photoRows = async (projectId: number) =>
  t.query<{ id: number; storage_key: string; thumbnail_key: string }>(
    sql`select id, storage_key, thumbnail_key from photos where project_id = ${projectId} order by id`,
  );
const projectFiles = async (projectId: number) => (await listPhotoFiles(t)).filter((key) => key.startsWith(`projects/${projectId}/`));
const keyRows = async () => (await t.query<{ n: number }>(sql`select count(*)::int as n from photo_upload_keys`))[0]?.n ?? 0;

async function servedBytes(client: TestClient, url: string): Promise<Buffer> {
  const response = await fetch(t.url + url, { headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('Idempotency-Key on POST /api/projects/{id}/photos', () => {
  it('stores one photo for 5 concurrent repeats of one key (raw form): one row, two files, the same body', async () => {
    const { client, project } = await ownerWithProject(t);
    const jpeg = await makePhotoJpeg(800, 600, { seed: 41 });
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => postRaw(client, project.id, jpeg, { key })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 201]);
    const first = answers.find((answer) => answer.status === 201)!.body;
    for (const answer of answers) expect(answer.body).toEqual(first);
    const rows = await photoRows(project.id);
    expect(rows).toHaveLength(1);
    expect(await projectFiles(project.id)).toEqual([rows[0]!.storage_key, rows[0]!.thumbnail_key].sort());

    // A later repeat (the answer to the first was lost) is the same photo again.
    const later = await postRaw(client, project.id, jpeg, { key });
    expect(later.status).toBe(200);
    expect(later.body).toEqual(first);
    expect(await photoRows(project.id)).toHaveLength(1);
  }, 60_000);

  it('stores one photo for 5 concurrent repeats in the JSON form', async () => {
    const { client, project } = await ownerWithProject(t);
    const body = { type: 'after', imageData: toDataUrl(await makePhotoJpeg(640, 480, { seed: 42 })), capturedAt: new Date().toISOString() };
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => postJson(client, project.id, body, key)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await photoRows(project.id)).toHaveLength(1);
    expect(await projectFiles(project.id)).toHaveLength(2);
  }, 60_000);

  it('answers 409 to the same key with a different photo, type, report or capture time, and stores nothing', async () => {
    const { client, project } = await ownerWithProject(t);
    const other = (await client.post<Project>('/api/projects', {})).body;
    const jpeg = await makePhotoJpeg(320, 240, { seed: 43 });
    const capturedAt = new Date().toISOString();
    const key = randomUUID();
    expect((await postRaw(client, project.id, jpeg, { key, capturedAt })).status).toBe(201);
    const filesBefore = await listPhotoFiles(t);

    const variants = [
      async () => postRaw(client, project.id, await makePhotoJpeg(320, 240, { seed: 143 }), { key, capturedAt }),
      () => postRaw(client, project.id, jpeg, { key, capturedAt, type: 'after' }),
      () => postRaw(client, other.id, jpeg, { key, capturedAt }),
      () => postRaw(client, project.id, jpeg, { key }),
      () => postRaw(client, project.id, jpeg, { key, capturedAt: new Date(Date.now() - 60_000).toISOString() }),
    ];
    for (const send of variants) {
      const answer = await send();
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(KEY_REUSED_MESSAGE);
    }
    expect(await photoRows(project.id)).toHaveLength(1);
    expect(await photoRows(other.id)).toHaveLength(0);
    expect(await listPhotoFiles(t)).toEqual(filesBefore);

    // The same photo as a data URL is the same upload: a repeat, not a conflict.
    const asJson = await postJson(client, project.id, { type: 'before', imageData: toDataUrl(jpeg), capturedAt }, key);
    expect(asJson.status).toBe(200);
  }, 60_000);

  it('scopes keys per user: the same key from another user stores that user’s own photo', async () => {
    const alice = await ownerWithProject(t);
    const bob = await ownerWithProject(t);
    const key = randomUUID();
    const jpeg = await makePhotoJpeg(320, 240, { seed: 44 });
    const a = await postRaw(alice.client, alice.project.id, jpeg, { key });
    const b = await postRaw(bob.client, bob.project.id, jpeg, { key });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).not.toBe(b.body.id);
    expect(b.body.projectId).toBe(bob.project.id);
    expect(await photoRows(bob.project.id)).toHaveLength(1);
  });

  it('without a key, two sends of one photo are two photos (as before)', async () => {
    const { client, project } = await ownerWithProject(t);
    const jpeg = await makePhotoJpeg(160, 120, { seed: 45 });
    expect((await postRaw(client, project.id, jpeg)).status).toBe(201);
    expect((await postRaw(client, project.id, jpeg)).status).toBe(201);
    expect(await photoRows(project.id)).toHaveLength(2);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(201)],
    ['a control character', 'abc\tdef'],
    ['non-ASCII', 'clé-ünïcode'],
  ])('refuses a malformed key (%s) with a 400 and stores nothing', async (_name, key) => {
    const { client, project } = await ownerWithProject(t);
    const keysBefore = await keyRows();
    const answer = await client.post<Answer>(`/api/projects/${project.id}/photos?type=before`, undefined, {
      raw: await makePhotoJpeg(64, 48),
      headers: { 'content-type': 'image/jpeg', 'idempotency-key': Buffer.from(key, 'utf8').toString('latin1') },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/Idempotency-Key/);
    expect(await photoRows(project.id)).toHaveLength(0);
    expect(await keyRows()).toBe(keysBefore);
  });

  it('accepts a 200-character key of printable characters', async () => {
    const { client, project } = await ownerWithProject(t);
    const key = `${'a b~'.repeat(49)}!x`;
    expect(key).toHaveLength(198);
    expect((await postRaw(client, project.id, await makePhotoJpeg(64, 48), { key: key + 'zz' })).status).toBe(201);
  });

  it('a failed upload leaves its key free: a retry with the same key stores the photo', async () => {
    const { client, project } = await ownerWithProject(t);
    const key = randomUUID();
    const broken = await postRaw(client, project.id, Buffer.from('not a photo at all, not at all'), { key });
    expect(broken.status).toBe(415);
    const retry = await postRaw(client, project.id, await makePhotoJpeg(64, 48), { key });
    expect(retry.status).toBe(201);
  });

  it('answers 409 when the photo a key stored has since been deleted, and does not store it again', async () => {
    const { client, project } = await ownerWithProject(t);
    const jpeg = await makePhotoJpeg(64, 48, { seed: 46 });
    const key = randomUUID();
    const stored = await postRaw(client, project.id, jpeg, { key });
    expect((await client.delete(`/api/photos/${stored.body.id}`)).status).toBe(200);
    const retry = await postRaw(client, project.id, jpeg, { key });
    expect(retry.status).toBe(409);
    expect(retry.body.message).toBe(KEY_PHOTO_DELETED_MESSAGE);
    expect(await photoRows(project.id)).toHaveLength(0);
  });

  it('keeps keys 7 days; the sweep deletes older ones, after which the key stores anew', async () => {
    const { client, project } = await ownerWithProject(t);
    const jpeg = await makePhotoJpeg(64, 48, { seed: 47 });
    const key = randomUUID();
    expect((await postRaw(client, project.id, jpeg, { key })).status).toBe(201);
    await deleteOldUploadKeys(t.db, new Date(Date.now() + UPLOAD_KEY_KEEP_MS - 60_000));
    expect((await postRaw(client, project.id, jpeg, { key })).status).toBe(200);
    await deleteOldUploadKeys(t.db, new Date(Date.now() + UPLOAD_KEY_KEEP_MS + 60_000));
    expect((await postRaw(client, project.id, jpeg, { key })).status).toBe(201);
    expect(await photoRows(project.id)).toHaveLength(2);
  });
});

describe('capturedAt, receivedAt and sha256 in every photo object', () => {
  it('sha256 is the hex SHA-256 of the bytes GET /api/photos/{id}/image serves; receivedAt is the server’s time', async () => {
    const { client, project } = await ownerWithProject(t);
    const sentAt = Date.now();
    const answer = await postRaw(client, project.id, await makePhotoJpeg(1600, 1200, { seed: 48 }));
    expect(answer.status).toBe(201);
    expect(answer.body.sha256).toMatch(/^[0-9a-f]{64}$/);
    const served = await servedBytes(client, answer.body.imageUrl);
    expect(createHash('sha256').update(served).digest('hex')).toBe(answer.body.sha256);
    expect(Math.abs(Date.parse(answer.body.receivedAt) - sentAt)).toBeLessThan(60_000);
    expect(answer.body.capturedAt).toBeNull();

    const read = await client.get<Project>(`/api/projects/${project.id}?images=url`);
    expect(read.body.photos[0]).toMatchObject({ sha256: answer.body.sha256, receivedAt: answer.body.receivedAt, capturedAt: null });
  });

  it('gives a photo stored before capture proof existed its sha256 when it is first shown', async () => {
    const { client, project } = await ownerWithProject(t);
    const answer = await postRaw(client, project.id, await makePhotoJpeg(64, 48, { seed: 49 }));
    await t.query(sql`update photos set sha256 = null where id = ${answer.body.id}`);
    const read = await client.get<Project>(`/api/projects/${project.id}?images=url`);
    expect(read.body.photos[0]?.sha256).toBe(answer.body.sha256);
    expect((await t.query<{ sha256: string }>(sql`select sha256 from photos where id = ${answer.body.id}`))[0]?.sha256).toBe(answer.body.sha256);
  });

  it('keeps a capture time within 30 days before to 1 day after the server clock, else stores null', async () => {
    const { client, project } = await ownerWithProject(t);
    const now = Date.now();
    const cases: Array<[string, number, boolean]> = [
      ['now', now, true],
      ['29 days ago', now - 29 * DAY, true],
      ['12 hours ahead', now + DAY / 2, true],
      ['31 days ago', now - 31 * DAY, false],
      ['2 days ahead', now + 2 * DAY, false],
    ];
    for (const [name, at, kept] of cases) {
      const capturedAt = new Date(at).toISOString();
      const answer = await postRaw(client, project.id, await makePhotoJpeg(64, 48), { capturedAt });
      expect(answer.status, name).toBe(201);
      expect(answer.body.capturedAt, name).toBe(kept ? capturedAt : null);
    }
    // An offset form names the same instant; the answer is in UTC.
    const json = await postJson(client, project.id, {
      type: 'after',
      imageData: toDataUrl(await makePhotoJpeg(64, 48)),
      capturedAt: '2026-01-01T00:00:00+01:00',
    });
    expect(json.status).toBe(201);
    expect(json.body.capturedAt === null || json.body.capturedAt === '2025-12-31T23:00:00.000Z').toBe(true);
  });

  it("reads an offset written with an unencoded '+' in the raw form's query", async () => {
    const { client, project } = await ownerWithProject(t);
    const instant = new Date(Math.floor(Date.now() / 1000) * 1000);
    const wallInPlusOne = new Date(instant.getTime() + 60 * 60 * 1000).toISOString().slice(0, 19);
    const answer = await client.post<Answer>(`/api/projects/${project.id}/photos?type=before&capturedAt=${wallInPlusOne}+01:00`, undefined, {
      raw: await makePhotoJpeg(64, 48),
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.capturedAt).toBe(instant.toISOString());
  });

  it('applies the bounds to the server’s clock, not the wall clock', async () => {
    const { client, project } = await ownerWithProject(t);
    const capturedAt = new Date(Date.now() - 60_000).toISOString();
    // The server's clock says 40 days ago: this capture time is 40 days ahead of it.
    t.clock.advance(-40 * DAY);
    try {
      const answer = await postRaw(client, project.id, await makePhotoJpeg(64, 48), { capturedAt });
      expect(answer.status).toBe(201);
      expect(answer.body.capturedAt).toBeNull();
      expect(Date.parse(answer.body.receivedAt)).toBeLessThan(Date.now() - 39 * DAY);
    } finally {
      t.clock.reset();
    }
  });

  it.each(['yesterday', '2026-11-21', '2026-11-21T09:14:00', '2026-02-31T10:00:00Z', '2026-11-21T25:00:00Z'])(
    'refuses capturedAt=%j with a 400 and stores nothing',
    async (capturedAt) => {
      const { client, project } = await ownerWithProject(t);
      const raw = await postRaw(client, project.id, await makePhotoJpeg(64, 48), { capturedAt });
      expect(raw.status).toBe(400);
      expect(raw.body.message).toMatch(/capturedAt must be an ISO 8601/);
      const json = await postJson(client, project.id, { type: 'before', imageData: toDataUrl(await makePhotoJpeg(64, 48)), capturedAt });
      expect(json.status).toBe(400);
      expect(await photoRows(project.id)).toHaveLength(0);
    },
  );

  it('refuses a capturedAt that is not text in the JSON form', async () => {
    const { client, project } = await ownerWithProject(t);
    const answer = await postJson(client, project.id, { type: 'before', imageData: toDataUrl(await makePhotoJpeg(64, 48)), capturedAt: 1_700_000_000_000 });
    expect(answer.status).toBe(400);
  });

  it('shows the capture time on the client link’s photos too', async () => {
    const { client, project } = await ownerWithProject(t);
    const capturedAt = new Date(Date.now() - 3600_000).toISOString();
    const before = await postRaw(client, project.id, await makePhotoJpeg(64, 48), { capturedAt });
    const after = await postRaw(client, project.id, await makePhotoJpeg(64, 48), { type: 'after' });
    expect((await client.post(`/api/projects/${project.id}/photo-pairs`, { beforePhotoId: before.body.id, afterPhotoId: after.body.id })).status).toBe(201);
    const link = await client.post<{ token: string }>(`/api/projects/${project.id}/share-links`, {});
    expect(link.status).toBe(201);
    const shared = await t.client().get<SharedReport>(`/api/shared/${link.body.token}`);
    expect(shared.body.pairs[0]?.before.capturedAt).toBe(capturedAt);
    expect(shared.body.pairs[0]?.after.capturedAt).toBeNull();
  });
});

/** A capture as the browser makes it (1024x768 at quality 0.6), with what a camera app may add: EXIF with GPS and a date. */
async function browserCapture(options: { width?: number; height?: number; dateTimeOriginal?: string; offset?: string; seed?: number } = {}): Promise<Buffer> {
  const pixels = await makePhotoJpeg(options.width ?? 1024, options.height ?? 768, { seed: options.seed ?? 60 });
  return sharp(pixels)
    .withExif({
      IFD0: { Make: 'FixtureCam', Model: 'Phone 1', Artist: EXIF_FIXTURE_ARTIST },
      ...(options.dateTimeOriginal
        ? { IFD2: { DateTimeOriginal: options.dateTimeOriginal, ...(options.offset ? { OffsetTimeOriginal: options.offset } : {}) } }
        : {}),
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .jpeg({ quality: 60 })
    .toBuffer();
}

const storedBytes = async (photoId: number) => {
  const [row] = await t.query<{ storage_key: string }>(sql`select storage_key from photos where id = ${photoId}`);
  return (await t.deps.photoStore.get(row!.storage_key))!;
};
const rawPixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer();
/** The part before the first scan, where metadata lives (image data may hold any byte pair by chance). */
const headerOf = (bytes: Buffer) => bytes.subarray(0, bytes.indexOf(Buffer.from([0xff, 0xda])));
const hasMetadataSegment = (bytes: Buffer) => listJpegSegments(bytes).some((s) => s.marker === 0xe1 || s.marker === 0xed || s.marker === 0xfe);
const quantTables = (bytes: Buffer) =>
  listJpegSegments(bytes)
    .filter((s) => s.marker === 0xdb)
    .map((s) => s.payload.toString('hex'));
/** EXIF's "YYYY:MM:DD HH:MM:SS" of an instant, in UTC. */
const exifDate = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ').replace(/-/g, ':');

describe('no second encode', () => {
  it('keeps an upright JPEG within 1024x768 as sent, less its metadata: same image data, same pixels, no EXIF or GPS', async () => {
    const { client, project } = await ownerWithProject(t);
    const original = await browserCapture();
    expect(hasGpsTag(headerOf(original))).toBe(true);
    expect(hasMetadataSegment(original)).toBe(true);
    const answer = await postRaw(client, project.id, original);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ width: 1024, height: 768 });

    const stored = await servedBytes(client, answer.body.imageUrl);
    expect(stored.equals(await storedBytes(answer.body.id))).toBe(true);
    // Byte for byte from the first quantisation table to the end: the image data was not touched.
    const tablesAt = (bytes: Buffer) => bytes.indexOf(Buffer.from([0xff, 0xdb]));
    expect(stored.subarray(tablesAt(stored)).equals(original.subarray(tablesAt(original)))).toBe(true);
    expect(stored.length).toBeLessThan(original.length);
    expect((await rawPixels(stored)).equals(await rawPixels(original))).toBe(true);
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(hasMetadataSegment(stored)).toBe(false);
    expect(hasGpsTag(headerOf(stored))).toBe(false);
    expect(stored.includes(EXIF_FIXTURE_ARTIST)).toBe(false);
    expect(stored.includes('FixtureCam')).toBe(false);
    expect(createHash('sha256').update(stored).digest('hex')).toBe(answer.body.sha256);
    const thumbnail = await servedBytes(client, answer.body.thumbnailUrl);
    expect(await sharp(thumbnail).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
  });

  it('keeps the JSON form’s JPEG the same way', async () => {
    const { client, project } = await ownerWithProject(t);
    const original = await browserCapture({ width: 640, height: 480, seed: 61 });
    const answer = await postJson(client, project.id, { type: 'after', imageData: toDataUrl(original) });
    expect(answer.status).toBe(201);
    const stored = await storedBytes(answer.body.id);
    expect((await rawPixels(stored)).equals(await rawPixels(original))).toBe(true);
    expect(hasMetadataSegment(stored)).toBe(false);
    expect(hasGpsTag(headerOf(stored))).toBe(false);
  });

  it.each([
    ['rotated by its EXIF orientation', async () => makeRotatedJpegWithGps()],
    ['larger than 1024x768', async () => makePhotoJpeg(1600, 1200, { seed: 62, quality: 60 })],
    ['portrait 768x1024 (outside the landscape box)', async () => makePhotoJpeg(768, 1024, { seed: 63, quality: 60 })],
    [
      'a PNG',
      async () =>
        sharp(await makePhotoJpeg(400, 300, { seed: 64 }))
          .png()
          .toBuffer(),
    ],
    [
      'a JPEG with an ICC profile',
      async () =>
        sharp(await makePhotoJpeg(400, 300, { seed: 65 }))
          .withIccProfile('p3')
          .jpeg({ quality: 90 })
          .toBuffer(),
    ],
    // Decodes here, but not in Firefox or many PDF readers.
    ['an arithmetic-coded JPEG', async () => fs.readFile(new URL('../test-support/fixtures/arithmetic-coded-320x240.jpg', import.meta.url))],
  ])('decodes and encodes %s once, at quality 60', async (_name, make) => {
    const { client, project } = await ownerWithProject(t);
    const original = await make();
    const answer = await postRaw(client, project.id, original, { type: 'before' });
    expect(answer.status).toBe(201);
    const stored = await storedBytes(answer.body.id);
    // Exactly what one decode and one encode at quality 60 gives.
    expect(stored.equals((await decodeAndEncode(original)).jpeg)).toBe(true);
    const q60 = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#808080' } })
      .jpeg({ quality: 60 })
      .toBuffer();
    expect(quantTables(stored)).toEqual(quantTables(q60));
    expect(PHOTO_JPEG_QUALITY).toBe(60);
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.width).toBeLessThanOrEqual(1024);
    expect(metadata.height).toBeLessThanOrEqual(768);
  });
});

describe('the capture time from the file’s own EXIF date', () => {
  it('uses DateTimeOriginal with its offset when the client sent no capturedAt', async () => {
    const { client, project } = await ownerWithProject(t);
    const taken = new Date(Math.floor((Date.now() - 3 * 3600_000) / 1000) * 1000);
    const answer = await postRaw(
      client,
      project.id,
      await browserCapture({ dateTimeOriginal: exifDate(new Date(taken.getTime() + 2 * 3600_000)), offset: '+02:00' }),
    );
    expect(answer.body.capturedAt).toBe(taken.toISOString());
  });

  it('reads a zone-less EXIF date in the owner’s time zone', async () => {
    const { client, project } = await ownerWithProject(t);
    expect((await client.patch('/api/user/preferences', { timeZone: 'Asia/Kolkata' })).status).toBe(200);
    const taken = new Date(Math.floor((Date.now() - 3 * 3600_000) / 1000) * 1000);
    // Clocks in Kolkata are 5:30 ahead of UTC all year.
    const wall = new Date(taken.getTime() + 5.5 * 3600_000);
    const answer = await postRaw(client, project.id, await browserCapture({ dateTimeOriginal: exifDate(wall) }));
    expect(answer.body.capturedAt).toBe(taken.toISOString());
  });

  it('prefers the client’s capturedAt, and applies the same bounds to an EXIF date', async () => {
    const { client, project } = await ownerWithProject(t);
    const capturedAt = new Date(Date.now() - 60_000).toISOString();
    const fromClient = await postRaw(
      client,
      project.id,
      await browserCapture({ dateTimeOriginal: exifDate(new Date(Date.now() - 3600_000)), offset: '+00:00' }),
      { capturedAt },
    );
    expect(fromClient.body.capturedAt).toBe(capturedAt);
    const old = await postRaw(client, project.id, await browserCapture({ dateTimeOriginal: exifDate(new Date(Date.now() - 60 * DAY)), offset: '+00:00' }));
    expect(old.status).toBe(201);
    expect(old.body.capturedAt).toBeNull();
  });

  it('reads the EXIF date of a photo that is re-encoded too (a rotated camera photo)', async () => {
    const { client, project } = await ownerWithProject(t);
    const taken = new Date(Math.floor((Date.now() - DAY) / 1000) * 1000);
    const rotated = await sharp(await makePhotoJpeg(400, 300, { seed: 66 }))
      .withExif({ IFD2: { DateTimeOriginal: exifDate(taken), OffsetTimeOriginal: '+00:00' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const answer = await postRaw(client, project.id, rotated);
    expect(answer.body).toMatchObject({ width: 300, height: 400, capturedAt: taken.toISOString() });
  });
});
