import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Photo, PhotoPair, Project } from '../../shared/contract/projects.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { registerUser } from '../test-support/test-client.js';
import { addPhoto, createProject, ownerWithProject } from '../test-support/project-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const countPairs = async () => (await t.query<{ n: number }>(sql`select count(*)::int as n from photo_pairs`))[0]?.n;

describe('creating a pair (spec §4)', () => {
  it('pairs one before with one after photo and returns both photos with their URLs', async () => {
    const { client, project } = await ownerWithProject(t);
    const before = await addPhoto(client, project.id, 'before');
    const after = await addPhoto(client, project.id, 'after');
    const response = await client.post<PhotoPair>(`/api/projects/${project.id}/photo-pairs`, { beforePhotoId: before.id, afterPhotoId: after.id });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      beforePhotoId: before.id,
      afterPhotoId: after.id,
      beforePhoto: { id: before.id, imageUrl: before.imageUrl },
      afterPhoto: { id: after.id },
    });
    const read = await client.get<Project>(`/api/projects/${project.id}?images=url`);
    expect(read.body.photoPairs.map((p) => p.id)).toEqual([response.body.id]);
  });

  it('refuses two befores, two afters, and the roles swapped, with the spec’s message', async () => {
    const { client, project } = await ownerWithProject(t);
    const b1 = await addPhoto(client, project.id, 'before');
    const b2 = await addPhoto(client, project.id, 'before');
    const a1 = await addPhoto(client, project.id, 'after');
    const a2 = await addPhoto(client, project.id, 'after');
    const pairsBefore = await countPairs();
    for (const body of [
      { beforePhotoId: b1.id, afterPhotoId: b2.id },
      { beforePhotoId: a1.id, afterPhotoId: a2.id },
      { beforePhotoId: a1.id, afterPhotoId: b1.id },
      { beforePhotoId: b1.id, afterPhotoId: b1.id },
    ]) {
      const response = await client.post<{ message: string }>(`/api/projects/${project.id}/photo-pairs`, body);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Please select one before photo and one after photo');
    }
    expect(await countPairs()).toBe(pairsBefore);
  });

  it('refuses a photo that is already paired with 409', async () => {
    const { client, project } = await ownerWithProject(t);
    const b1 = await addPhoto(client, project.id, 'before');
    const a1 = await addPhoto(client, project.id, 'after');
    const b2 = await addPhoto(client, project.id, 'before');
    const a2 = await addPhoto(client, project.id, 'after');
    expect((await client.post(`/api/projects/${project.id}/photo-pairs`, { beforePhotoId: b1.id, afterPhotoId: a1.id })).status).toBe(201);
    const pairsBefore = await countPairs();
    for (const body of [
      { beforePhotoId: b1.id, afterPhotoId: a2.id },
      { beforePhotoId: b2.id, afterPhotoId: a1.id },
      { beforePhotoId: b1.id, afterPhotoId: a1.id },
    ]) {
      const response = await client.post<{ message: string }>(`/api/projects/${project.id}/photo-pairs`, body);
      expect(response.status).toBe(409);
      expect(response.body.message).toMatch(/already in a pair/);
    }
    expect(await countPairs()).toBe(pairsBefore);
  });

  it('lets only one of two racing pairings of the same photo win (unique index)', async () => {
    const { client, project } = await ownerWithProject(t);
    const before = await addPhoto(client, project.id, 'before');
    const afters = await Promise.all([addPhoto(client, project.id, 'after'), addPhoto(client, project.id, 'after'), addPhoto(client, project.id, 'after')]);
    const responses = await Promise.all(
      afters.map((after) => client.post(`/api/projects/${project.id}/photo-pairs`, { beforePhotoId: before.id, afterPhotoId: after.id })),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const read = await client.get<Project>(`/api/projects/${project.id}?images=url`);
    expect(read.body.photoPairs).toHaveLength(1);
  });

  it('refuses a photo of another project, the user’s own or someone else’s, with 404', async () => {
    const { client, project } = await ownerWithProject(t);
    const otherProject = await createProject(client);
    const before = await addPhoto(client, project.id, 'before');
    const foreignAfter = await addPhoto(client, otherProject.id, 'after');
    const stranger = await ownerWithProject(t);
    const strangersAfter = await addPhoto(stranger.client, stranger.project.id, 'after');
    const pairsBefore = await countPairs();
    for (const afterPhotoId of [foreignAfter.id, strangersAfter.id, 2_000_000_000]) {
      const response = await client.post<{ message: string }>(`/api/projects/${project.id}/photo-pairs`, { beforePhotoId: before.id, afterPhotoId });
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('Photo not found in this report');
    }
    expect(await countPairs()).toBe(pairsBefore);
  });

  it('refuses a malformed body with 400', async () => {
    const { client, project } = await ownerWithProject(t);
    expect((await client.post(`/api/projects/${project.id}/photo-pairs`, { beforePhotoId: 'one', afterPhotoId: 2 })).status).toBe(400);
    expect((await client.post(`/api/projects/${project.id}/photo-pairs`, {})).status).toBe(400);
  });
});

describe('auto-pairing', () => {
  it('matches unpaired befores and afters one to one in the order they were taken, leaving the rest', async () => {
    const { client, project } = await ownerWithProject(t);
    const b1 = await addPhoto(client, project.id, 'before');
    const b2 = await addPhoto(client, project.id, 'before');
    const a1 = await addPhoto(client, project.id, 'after');
    const b3 = await addPhoto(client, project.id, 'before');
    const a2 = await addPhoto(client, project.id, 'after');
    const b4 = await addPhoto(client, project.id, 'before');
    const a3 = await addPhoto(client, project.id, 'after');
    // Already paired by hand: b2 + a2. Unpaired in taken order: befores b1, b3, b4; afters a1, a3.
    expect((await client.post(`/api/projects/${project.id}/photo-pairs`, { beforePhotoId: b2.id, afterPhotoId: a2.id })).status).toBe(201);

    const response = await client.post<{ pairsCreated: number }>(`/api/projects/${project.id}/auto-pair-all`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ pairsCreated: 2 });
    const read = await client.get<Project>(`/api/projects/${project.id}?images=url`);
    expect(read.body.photoPairs.map((p) => [p.beforePhotoId, p.afterPhotoId])).toEqual([
      [b2.id, a2.id],
      [b1.id, a1.id],
      [b3.id, a3.id],
    ]);
    const paired = new Set(read.body.photoPairs.flatMap((p) => [p.beforePhotoId, p.afterPhotoId]));
    expect(paired.has(b4.id)).toBe(false);

    const again = await client.post<{ pairsCreated: number }>(`/api/projects/${project.id}/auto-pair-all`);
    expect(again.body).toEqual({ pairsCreated: 0 });
  });

  it('creates nothing when there are only befores, and touches no other project', async () => {
    const { client, project } = await ownerWithProject(t);
    const other = await createProject(client);
    await addPhoto(client, project.id, 'before');
    await addPhoto(client, other.id, 'before');
    await addPhoto(client, other.id, 'after');
    const response = await client.post<{ pairsCreated: number }>(`/api/projects/${project.id}/auto-pair-all`);
    expect(response.body).toEqual({ pairsCreated: 0 });
    const read = await client.get<Project>(`/api/projects/${other.id}?images=url`);
    expect(read.body.photoPairs).toEqual([]);
  });

  it('answers several auto-pairs of one report at once: every call succeeds, together they pair each photo once', async () => {
    const { client, project } = await ownerWithProject(t);
    const befores: Photo[] = [];
    const afters: Photo[] = [];
    for (let i = 0; i < 4; i += 1) {
      befores.push(await addPhoto(client, project.id, 'before'));
      afters.push(await addPhoto(client, project.id, 'after'));
    }
    const responses = await Promise.all(Array.from({ length: 6 }, () => client.post<{ pairsCreated: number }>(`/api/projects/${project.id}/auto-pair-all`)));
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(responses.reduce((sum, r) => sum + r.body.pairsCreated, 0)).toBe(4);
    const read = await client.get<Project>(`/api/projects/${project.id}?images=url`);
    // Still in the order taken: the i-th before with the i-th after.
    expect(read.body.photoPairs.map((p) => [p.beforePhotoId, p.afterPhotoId]).sort((a, b) => a[0]! - b[0]!)).toEqual(
      befores.map((b, i) => [b.id, afters[i]!.id]),
    );
  });
});

describe('deleting a pair', () => {
  it('deletes the pair only: both photos stay, unpaired, and can be paired again', async () => {
    const { client, project } = await ownerWithProject(t);
    const before = await addPhoto(client, project.id, 'before');
    const after = await addPhoto(client, project.id, 'after');
    const pair = await client.post<PhotoPair>(`/api/projects/${project.id}/photo-pairs`, { beforePhotoId: before.id, afterPhotoId: after.id });
    const response = await client.delete<{ message: string }>(`/api/photo-pairs/${pair.body.id}`);
    expect(response.status).toBe(200);
    const read = await client.get<Project>(`/api/projects/${project.id}?images=url`);
    expect(read.body.photoPairs).toEqual([]);
    expect(read.body.photos.map((p) => p.id)).toEqual([before.id, after.id]);
    expect((await client.get(`/api/photos/${before.id}/image`)).status).toBe(200);
    expect((await client.delete(`/api/photo-pairs/${pair.body.id}`)).status).toBe(404);
    expect((await client.post<{ pairsCreated: number }>(`/api/projects/${project.id}/auto-pair-all`)).body).toEqual({ pairsCreated: 1 });
  });

  it('is a 404 for another user’s pair, which stays', async () => {
    const owner = await ownerWithProject(t);
    const before = await addPhoto(owner.client, owner.project.id, 'before');
    const after = await addPhoto(owner.client, owner.project.id, 'after');
    const pair = await owner.client.post<PhotoPair>(`/api/projects/${owner.project.id}/photo-pairs`, { beforePhotoId: before.id, afterPhotoId: after.id });
    const intruder = t.client();
    await registerUser(intruder);
    const attempt = await intruder.delete<{ message: string }>(`/api/photo-pairs/${pair.body.id}`);
    expect(attempt.status).toBe(404);
    expect(attempt.body.message).toBe('Photo pair not found');
    const read = await owner.client.get<Project>(`/api/projects/${owner.project.id}?images=url`);
    expect(read.body.photoPairs).toHaveLength(1);
  });
});
