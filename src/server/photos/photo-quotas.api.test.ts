// Quotas: at most 500 photos per report and 20,000 per account. Past either, 409 with
// a message saying what to do, and nothing stored: no row, no file, even under concurrent uploads.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PHOTOS_PER_ACCOUNT, MAX_PHOTOS_PER_PROJECT } from '../../shared/rules.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { createProject, listPhotoFiles, uploadRawPhoto, signedInOwner } from '../test-support/project-helpers.js';
import { makePhotoJpeg } from '../test-support/photo-fixtures.js';
import { errorMessage } from '../../shared/error-codes.js';

const PROJECT_PHOTO_QUOTA_MESSAGE = errorMessage('photo_quota_report', { max: MAX_PHOTOS_PER_PROJECT });
const ACCOUNT_PHOTO_QUOTA_MESSAGE = errorMessage('photo_quota_account', { max: MAX_PHOTOS_PER_ACCOUNT });

let t: TestApp;
let photo: Buffer;
beforeAll(async () => {
  t = await startTestApp();
  photo = await makePhotoJpeg(320, 240, { seed: 9 });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/** Rows standing for photos already taken (no files: only the count matters here). */
async function fillProject(projectId: number, count: number): Promise<void> {
  await t.query(sql`insert into photos (project_id, type, storage_key, thumbnail_key, width, height, byte_size)
    select ${projectId}, 'before', 'projects/' || ${projectId} || '/filler-' || g || '.jpg', 'projects/' || ${projectId} || '/filler-' || g || '.thumb.webp', 320, 240, 1000
    from generate_series(1, ${count}) as g`);
}

const photosIn = async (projectId: number) => (await t.query<{ n: number }>(sql`select count(*)::int as n from photos where project_id = ${projectId}`))[0]?.n;

const signedIn = () => signedInOwner(t);

describe('photo quotas', () => {
  it(`stores the ${MAX_PHOTOS_PER_PROJECT}th photo of a report and refuses the next with 409, storing nothing`, async () => {
    const client = await signedIn();
    const project = await createProject(client);
    await fillProject(project.id, MAX_PHOTOS_PER_PROJECT - 1);
    expect((await uploadRawPhoto(client, project.id, 'before', photo)).status).toBe(201);
    const filesBefore = await listPhotoFiles(t);

    const refused = await uploadRawPhoto(client, project.id, 'after', photo);
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toBe(PROJECT_PHOTO_QUOTA_MESSAGE);
    expect(await photosIn(project.id)).toBe(MAX_PHOTOS_PER_PROJECT);
    expect(await listPhotoFiles(t)).toEqual(filesBefore);
    // Another report of the same account still takes photos.
    const other = await createProject(client);
    expect((await uploadRawPhoto(client, other.id, 'before', photo)).status).toBe(201);
  });

  it('holds the report quota exactly when uploads race for the last places', async () => {
    const client = await signedIn();
    const project = await createProject(client);
    await fillProject(project.id, MAX_PHOTOS_PER_PROJECT - 2);
    const filesBefore = await listPhotoFiles(t);
    const answers = await Promise.all(Array.from({ length: 5 }, () => uploadRawPhoto(client, project.id, 'before', photo)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 409, 409, 409]);
    expect(await photosIn(project.id)).toBe(MAX_PHOTOS_PER_PROJECT);
    // The files of the refused uploads were removed again: only the two stored photos' files are new.
    expect((await listPhotoFiles(t)).length).toBe(filesBefore.length + 4);
  });

  it(`refuses a photo past ${MAX_PHOTOS_PER_ACCOUNT.toLocaleString('en-US')} in the whole account with 409 and a message`, async () => {
    const client = await signedIn();
    const full = Math.floor((MAX_PHOTOS_PER_ACCOUNT - 1) / MAX_PHOTOS_PER_PROJECT);
    for (let i = 0; i < full; i++) await fillProject((await createProject(client)).id, MAX_PHOTOS_PER_PROJECT);
    await fillProject((await createProject(client)).id, MAX_PHOTOS_PER_ACCOUNT - 1 - full * MAX_PHOTOS_PER_PROJECT);
    const fresh = await createProject(client);
    expect((await uploadRawPhoto(client, fresh.id, 'before', photo)).status).toBe(201);
    const refused = await uploadRawPhoto(client, fresh.id, 'after', photo);
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toBe(ACCOUNT_PHOTO_QUOTA_MESSAGE);
    expect(await photosIn(fresh.id)).toBe(1);
    // Another account is not affected.
    const stranger = await signedIn();
    expect((await uploadRawPhoto(stranger, (await createProject(stranger)).id, 'before', photo)).status).toBe(201);
  }, 120_000);
});
