// Shoot-to-pair: POST /api/projects/{id}/photos with pairWith stores an after photo and pairs it
// with that before in one transaction; a before that can no longer take it leaves the photo stored,
// unpaired; a repeat with the same Idempotency-Key answers with the same photo and pair.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AddedPhoto, Project } from '../../shared/contract/projects.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { makePhotoJpeg, toDataUrl } from '../test-support/photo-fixtures.js';
import { addPhoto, createProject, ownerWithProject } from '../test-support/project-helpers.js';
import type { TestClient } from '../test-support/test-client.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

let seed = 700;
async function shootAfter(
  client: TestClient,
  projectId: number,
  pairWith: string | number | undefined,
  options: { key?: string; type?: string; bytes?: Buffer } = {},
) {
  const query = new URLSearchParams({ type: options.type ?? 'after' });
  if (pairWith !== undefined) query.set('pairWith', String(pairWith));
  return client.post<AddedPhoto & { message?: string }>(`/api/projects/${projectId}/photos?${query}`, undefined, {
    raw: options.bytes ?? (await makePhotoJpeg(64, 48, { seed: seed++ })),
    headers: { 'content-type': 'image/jpeg', ...(options.key ? { 'idempotency-key': options.key } : {}) },
  });
}

const pairsOf = async (projectId: number) =>
  t.query<{ id: number; before_photo_id: number; after_photo_id: number }>(
    sql`select id, before_photo_id, after_photo_id from photo_pairs where project_id = ${projectId} order by id`,
  );
const photoCount = async (projectId: number) =>
  (await t.query<{ n: number }>(sql`select count(*)::int as n from photos where project_id = ${projectId}`))[0]?.n;

describe('pairWith on POST /api/projects/{id}/photos', () => {
  it('pairs the after with the chosen before as it is stored, and the report shows the pair', async () => {
    const { client, project } = await ownerWithProject(t);
    const kitchen = await addPhoto(client, project.id, 'before');
    const bathroom = await addPhoto(client, project.id, 'before');
    // The bathroom's after first: the pair follows the chosen before, not the order taken.
    const bathroomAfter = await shootAfter(client, project.id, bathroom.id);
    expect(bathroomAfter.status).toBe(201);
    expect(bathroomAfter.body.pairId).toEqual(expect.any(Number));
    const kitchenAfter = await shootAfter(client, project.id, kitchen.id);
    expect(kitchenAfter.status).toBe(201);

    expect(await pairsOf(project.id)).toEqual([
      { id: bathroomAfter.body.pairId, before_photo_id: bathroom.id, after_photo_id: bathroomAfter.body.id },
      { id: kitchenAfter.body.pairId, before_photo_id: kitchen.id, after_photo_id: kitchenAfter.body.id },
    ]);
    const shown = (await client.get<Project>(`/api/projects/${project.id}?images=url`)).body;
    expect(shown.photoPairs.map((pair) => [pair.beforePhotoId, pair.afterPhotoId])).toEqual([
      [bathroom.id, bathroomAfter.body.id],
      [kitchen.id, kitchenAfter.body.id],
    ]);
    // Nothing is left for Auto Pair All.
    expect((await client.post<{ pairsCreated: number }>(`/api/projects/${project.id}/auto-pair-all`)).body.pairsCreated).toBe(0);
  });

  it('takes pairWith in the JSON form, as a field or in the query', async () => {
    const { client, project } = await ownerWithProject(t);
    const [first, second] = [await addPhoto(client, project.id, 'before'), await addPhoto(client, project.id, 'before')];
    const imageData = toDataUrl(await makePhotoJpeg(64, 48, { seed: seed++ }));
    const inBody = await client.post<AddedPhoto>(`/api/projects/${project.id}/photos`, { type: 'after', imageData, pairWith: second.id });
    expect(inBody.status).toBe(201);
    const inQuery = await client.post<AddedPhoto>(`/api/projects/${project.id}/photos?pairWith=${first.id}`, {
      type: 'after',
      imageData: toDataUrl(await makePhotoJpeg(64, 48, { seed: seed++ })),
    });
    expect(inQuery.status).toBe(201);
    expect((await pairsOf(project.id)).map((pair) => [pair.before_photo_id, pair.after_photo_id])).toEqual([
      [second.id, inBody.body.id],
      [first.id, inQuery.body.id],
    ]);
    expect([inBody.body.pairId, inQuery.body.pairId]).toEqual((await pairsOf(project.id)).map((pair) => pair.id));
  });

  it('answers pairId null without pairWith', async () => {
    const { client, project } = await ownerWithProject(t);
    const plain = await shootAfter(client, project.id, undefined);
    expect(plain.status).toBe(201);
    expect(plain.body.pairId).toBeNull();
  });

  it('stores the photo unpaired when the before is already paired, deleted, an after, or in another report', async () => {
    const { client, project } = await ownerWithProject(t);
    const other = await createProject(client);
    const paired = await addPhoto(client, project.id, 'before');
    expect((await shootAfter(client, project.id, paired.id)).body.pairId).not.toBeNull();
    const deleted = await addPhoto(client, project.id, 'before');
    expect((await client.delete(`/api/photos/${deleted.id}`)).status).toBe(200);
    const anAfter = await addPhoto(client, project.id, 'after');
    const elsewhere = await addPhoto(client, other.id, 'before');
    const stranger = await ownerWithProject(t);
    const strangers = await addPhoto(stranger.client, stranger.project.id, 'before');
    const pairsBefore = await pairsOf(project.id);

    for (const stale of [paired.id, deleted.id, anAfter.id, elsewhere.id, strangers.id]) {
      const answer = await shootAfter(client, project.id, stale);
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ type: 'after', projectId: project.id, pairId: null });
    }
    expect(await pairsOf(project.id)).toEqual(pairsBefore);
    expect(await pairsOf(other.id)).toEqual([]);
    expect(await pairsOf(stranger.project.id)).toEqual([]);
    // paired, its after, anAfter and the five kept afters.
    expect(await photoCount(project.id)).toBe(8);
  });

  it('answers a repeated Idempotency-Key with the same photo and pair, and pairs once', async () => {
    const { client, project } = await ownerWithProject(t);
    const before = await addPhoto(client, project.id, 'before');
    const bytes = await makePhotoJpeg(64, 48, { seed: seed++ });
    const key = randomUUID();
    const answers = await Promise.all([0, 1, 2].map(() => shootAfter(client, project.id, before.id, { key, bytes })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 201]);
    const first = answers.find((answer) => answer.status === 201)!.body;
    expect(first.pairId).toEqual(expect.any(Number));
    for (const answer of answers) expect(answer.body).toEqual(first);
    const later = await shootAfter(client, project.id, before.id, { key, bytes });
    expect(later.status).toBe(200);
    expect(later.body).toEqual(first);
    expect(await pairsOf(project.id)).toHaveLength(1);
    expect(await photoCount(project.id)).toBe(2);
  }, 60_000);

  it('refuses a malformed pairWith, or one on a before photo, with a 400 and stores nothing', async () => {
    const { client, project } = await ownerWithProject(t);
    const before = await addPhoto(client, project.id, 'before');
    for (const bad of ['abc', '0', '-3', '1.5', '0x10', '99999999999']) {
      const answer = await shootAfter(client, project.id, bad);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.message).toMatch(/pairWith/);
    }
    const jsonBad = await client.post<{ message: string }>(`/api/projects/${project.id}/photos`, {
      type: 'after',
      imageData: toDataUrl(await makePhotoJpeg(64, 48, { seed: seed++ })),
      pairWith: 'first',
    });
    expect(jsonBad.status).toBe(400);
    expect(jsonBad.body.message).toMatch(/pairWith/);
    const onABefore = await shootAfter(client, project.id, before.id, { type: 'before' });
    expect(onABefore.status).toBe(400);
    expect(onABefore.body.message).toMatch(/pairWith/);
    expect(await photoCount(project.id)).toBe(1);
    expect(await pairsOf(project.id)).toEqual([]);
  });
});
