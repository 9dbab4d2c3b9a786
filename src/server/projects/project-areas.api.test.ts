import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddedPhoto, MissingArea, Project, ProjectArea } from '../../shared/contract/projects.js';
import type { Template } from '../../shared/contract/templates.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import type { TestClient } from '../test-support/test-client.js';
import { makePhotoJpeg, toDataUrl } from '../test-support/photo-fixtures.js';
import { addPhoto, addPhotoInArea, createProject, signedInOwner } from '../test-support/project-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const member = () => signedInOwner(t);

async function templatedReport(client: TestClient, body: Record<string, unknown>): Promise<Project> {
  const response = await client.post<Project>('/api/projects', body);
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${response.text}`);
  return response.body;
}

const shoot = addPhotoInArea;

const getReport = async (client: TestClient, id: number) => (await client.get<Project>(`/api/projects/${id}?images=url`)).body;

describe('a report made from a template', () => {
  it('gets the template’s areas, Bedroom 1…n and Bathroom 1…n made from the counts', async () => {
    const client = await member();
    const report = await templatedReport(client, { templateId: 'deep-clean', bedrooms: 2, bathrooms: 1 });
    expect(report).toMatchObject({ templateId: 'deep-clean', status: 'open', finishedAt: null });
    expect(report.areas.map((area) => area.name)).toEqual([
      'Entrance',
      'Living room',
      'Dining area',
      'Kitchen',
      'Inside the oven',
      'Inside the fridge',
      'Bedroom 1',
      'Bedroom 2',
      'Bathroom 1',
      'Baseboards and windows',
    ]);
    expect(report.areas[3]).toEqual({ id: expect.any(Number), key: 'kitchen', name: 'Kitchen', minBefore: 2, minAfter: 2, skipped: null });
    expect((await getReport(client, report.id)).areas).toEqual(report.areas);

    const none = await templatedReport(client, { templateId: 'standard-clean', bedrooms: 0, bathrooms: 3 });
    expect(none.areas.map((area) => area.name)).toEqual(['Entrance', 'Living room', 'Kitchen', 'Bathroom 1', 'Bathroom 2', 'Bathroom 3']);

    expect((await client.patch('/api/user/preferences', { locale: 'es' })).status).toBe(200);
    const es = await templatedReport(client, { templateId: 'standard-clean', bedrooms: 1, bathrooms: 1 });
    expect(es.areas.map((area) => area.name)).toEqual(['Entrada', 'Sala de estar', 'Cocina', 'Dormitorio 1', 'Baño 1']);
  });

  it('is made from the business’s own template too', async () => {
    const client = await member();
    const own = await client.post<Template>('/api/templates', { name: 'Garage job', areas: [{ name: 'Garage', minBefore: 1, minAfter: 3 }] });
    const report = await templatedReport(client, { templateId: own.body.id });
    expect(report.areas).toEqual([{ id: expect.any(Number), key: 'area-1', name: 'Garage', minBefore: 1, minAfter: 3, skipped: null }]);
    // Another business cannot use it.
    const other = await member();
    expect((await other.post<{ code: string }>('/api/projects', { templateId: own.body.id })).body.code).toBe('template_not_found');
  });

  it('refuses an unknown template and bad counts with a 400, making nothing', async () => {
    const client = await member();
    const cases: Array<[unknown, string]> = [
      [{ templateId: 'nope' }, 'template_not_found'],
      [{ templateId: 'deep-clean', bedrooms: 11 }, 'room_count_invalid'],
      [{ templateId: 'deep-clean', bathrooms: -1 }, 'room_count_invalid'],
      [{ templateId: 'deep-clean', bedrooms: 1.5 }, 'room_count_invalid'],
      [{ bedrooms: 2 }, 'room_count_without_template'],
    ];
    for (const [body, code] of cases) {
      const response = await client.post<{ code: string }>('/api/projects', body);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe(code);
    }
    expect((await client.get<unknown[]>('/api/projects')).body).toEqual([]);
  });
});

describe('photos in areas', () => {
  it('need an area of this report in a templated report (400), by query or JSON field', async () => {
    const client = await member();
    const report = await templatedReport(client, { templateId: 'office' });
    const other = await templatedReport(client, { templateId: 'office' });
    const bytes = await makePhotoJpeg(48, 36, { seed: 7 });
    const raw = (query: string) =>
      client.post<{ code: string }>(`/api/projects/${report.id}/photos?type=before${query}`, undefined, {
        raw: bytes,
        headers: { 'content-type': 'image/jpeg' },
      });
    expect((await raw('')).body.code).toBe('area_required');
    expect((await raw(`&areaId=${other.areas[0]!.id}`)).body.code).toBe('area_not_in_report');
    expect((await raw('&areaId=abc')).status).toBe(400);
    const json = await client.post<AddedPhoto>(`/api/projects/${report.id}/photos`, {
      type: 'before',
      imageData: toDataUrl(bytes),
      areaId: report.areas[1]!.id,
    });
    expect(json.status).toBe(201);
    expect(json.body.areaId).toBe(report.areas[1]!.id);
    const missing = await client.post<{ code: string }>(`/api/projects/${report.id}/photos`, { type: 'before', imageData: toDataUrl(bytes) });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('area_required');
    const viaQuery = await client.post<AddedPhoto>(`/api/projects/${report.id}/photos?areaId=${report.areas[2]!.id}`, {
      type: 'after',
      imageData: toDataUrl(bytes),
    });
    expect(viaQuery.body.areaId).toBe(report.areas[2]!.id);
    expect((await getReport(client, report.id)).photos.map((photo) => photo.areaId)).toEqual([report.areas[1]!.id, report.areas[2]!.id]);
  });

  it('a blank report is unchanged: photos without an area, auto-pair in taken order, no gate', async () => {
    const client = await member();
    const report = await createProject(client);
    expect(report).toMatchObject({ templateId: null, areas: [], status: 'open', finishedAt: null });
    const b1 = await addPhoto(client, report.id, 'before');
    const b2 = await addPhoto(client, report.id, 'before');
    const a1 = await addPhoto(client, report.id, 'after');
    const a2 = await addPhoto(client, report.id, 'after');
    expect(b1.areaId).toBeNull();
    const refused = await client.post<{ code: string }>(`/api/projects/${report.id}/photos?type=before&areaId=1`, undefined, {
      raw: await makePhotoJpeg(48, 36, { seed: 8 }),
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(refused.body.code).toBe('area_not_in_report');
    expect((await client.post<{ pairsCreated: number }>(`/api/projects/${report.id}/auto-pair-all`)).body.pairsCreated).toBe(2);
    const pairs = (await getReport(client, report.id)).photoPairs.map((pair) => [pair.beforePhotoId, pair.afterPhotoId]);
    expect(pairs).toEqual([
      [b1.id, a1.id],
      [b2.id, a2.id],
    ]);
    const finished = await client.post<Project>(`/api/projects/${report.id}/finish`);
    expect(finished.status).toBe(200);
    expect(finished.body.status).toBe('finished');
  });
});

describe('pairing within areas', () => {
  it('auto-pairs 40 photos over 8 areas with 0 cross-area pairs, in taken order within each area', async () => {
    const client = await member();
    const own = await client.post<Template>('/api/templates', {
      name: 'Eight rooms',
      areas: Array.from({ length: 8 }, (_, index) => ({ name: `Room ${index + 1}`, minBefore: 1, minAfter: 1 })),
    });
    const report = await templatedReport(client, { templateId: own.body.id });
    const areaIds = report.areas.map((area) => area.id);
    // Interleaved across areas, as a cleaner walking back and forth would: befores then afters, 5 photos per area.
    const plan: Array<['before' | 'after', number]> = [];
    for (let round = 0; round < 3; round += 1) for (const areaId of areaIds) plan.push(['before', areaId]);
    for (let round = 0; round < 2; round += 1) for (const areaId of [...areaIds].reverse()) plan.push(['after', areaId]);
    expect(plan).toHaveLength(40);
    for (const [type, areaId] of plan) await shoot(client, report.id, type, areaId);

    const auto = await client.post<{ pairsCreated: number }>(`/api/projects/${report.id}/auto-pair-all`);
    expect(auto.body.pairsCreated).toBe(16);
    const loaded = await getReport(client, report.id);
    const crossArea = loaded.photoPairs.filter((pair) => pair.beforePhoto.areaId !== pair.afterPhoto.areaId);
    expect(crossArea).toEqual([]);
    for (const areaId of areaIds) {
      const inArea = loaded.photos.filter((photo) => photo.areaId === areaId);
      const befores = inArea.filter((photo) => photo.type === 'before').map((photo) => photo.id);
      const afters = inArea.filter((photo) => photo.type === 'after').map((photo) => photo.id);
      const pairs = loaded.photoPairs.filter((pair) => pair.beforePhoto.areaId === areaId).map((pair) => [pair.beforePhotoId, pair.afterPhotoId]);
      expect(pairs.sort((x, y) => x[0]! - y[0]!)).toEqual([
        [befores[0], afters[0]],
        [befores[1], afters[1]],
      ]);
    }
  });

  it('refuses a manual pair across two areas (400 areas_differ), and shoot-to-pair never crosses areas', async () => {
    const client = await member();
    const report = await templatedReport(client, { templateId: 'office' });
    const [reception, workspace] = report.areas;
    const before = await shoot(client, report.id, 'before', reception!.id);
    const after = await shoot(client, report.id, 'after', workspace!.id);
    const cross = await client.post<{ code: string }>(`/api/projects/${report.id}/photo-pairs`, { beforePhotoId: before.id, afterPhotoId: after.id });
    expect(cross.status).toBe(400);
    expect(cross.body.code).toBe('areas_differ');

    const shutter = await client.post<AddedPhoto>(`/api/projects/${report.id}/photos?type=after&areaId=${workspace!.id}&pairWith=${before.id}`, undefined, {
      raw: await makePhotoJpeg(48, 36, { seed: 9 }),
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(shutter.status).toBe(201);
    expect(shutter.body.pairId).toBeNull();

    const same = await shoot(client, report.id, 'after', reception!.id);
    expect((await client.post(`/api/projects/${report.id}/photo-pairs`, { beforePhotoId: before.id, afterPhotoId: same.id })).status).toBe(201);
  });
});

describe('finishing a job', () => {
  it('is refused with the exact missing list, then skip, reopen and the finished report’s refusals', async () => {
    const client = await member();
    const own = await client.post<Template>('/api/templates', {
      name: 'Three rooms',
      areas: [
        { name: 'Kitchen', minBefore: 2, minAfter: 1 },
        { name: 'Hall', minBefore: 1, minAfter: 1 },
        { name: 'Yard', minBefore: 0, minAfter: 0 },
      ],
    });
    const report = await templatedReport(client, { templateId: own.body.id });
    const [kitchen, hall, yard] = report.areas as [ProjectArea, ProjectArea, ProjectArea];
    await shoot(client, report.id, 'before', kitchen.id);
    await shoot(client, report.id, 'after', kitchen.id);

    const refused = await client.post<{ code: string; message: string; missing: MissingArea[] }>(`/api/projects/${report.id}/finish`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('areas_incomplete');
    expect(refused.body.message).toBeTruthy();
    expect(refused.body.missing).toEqual([
      { areaId: kitchen.id, name: 'Kitchen', before: 1, after: 1, minBefore: 2, minAfter: 1 },
      { areaId: hall.id, name: 'Hall', before: 0, after: 0, minBefore: 1, minAfter: 1 },
    ]);
    expect((await getReport(client, report.id)).status).toBe('open');

    await shoot(client, report.id, 'before', kitchen.id);
    const skipped = await client.post<ProjectArea>(`/api/projects/${report.id}/areas/${hall.id}/skip`, { reason: 'no_access', note: ' Locked by the tenant ' });
    expect(skipped.status).toBe(200);
    expect(skipped.body).toEqual({ ...hall, skipped: { reason: 'no_access', note: 'Locked by the tenant' } });
    expect((await client.post<{ code: string }>(`/api/projects/${report.id}/areas/${hall.id}/skip`, { reason: 'bored' })).body.code).toBe(
      'skip_reason_invalid',
    );
    expect((await client.post(`/api/projects/${report.id}/areas/${hall.id}/skip`, { reason: 'other', note: 'x'.repeat(201) })).status).toBe(400);
    expect((await client.post(`/api/projects/${report.id}/areas/999999/skip`, { reason: 'other' })).status).toBe(404);

    // Undone and done again: the gate waits for the hall while it is not skipped.
    expect((await client.delete<ProjectArea>(`/api/projects/${report.id}/areas/${hall.id}/skip`)).body.skipped).toBeNull();
    expect((await client.post<{ missing: MissingArea[] }>(`/api/projects/${report.id}/finish`)).body.missing.map((area) => area.name)).toEqual(['Hall']);
    await client.post(`/api/projects/${report.id}/areas/${hall.id}/skip`, { reason: 'occupied' });

    const before = (await getReport(client, report.id)).photos.find((photo) => photo.type === 'before')!;
    const after = (await getReport(client, report.id)).photos.find((photo) => photo.type === 'after')!;
    const finishedPair = await client.post<{ id: number }>(`/api/projects/${report.id}/photo-pairs`, { beforePhotoId: before.id, afterPhotoId: after.id });
    expect(finishedPair.status).toBe(201);

    const finished = await client.post<Project>(`/api/projects/${report.id}/finish`);
    expect(finished.status).toBe(200);
    expect(finished.body.status).toBe('finished');
    expect(Date.parse(finished.body.finishedAt!)).not.toBeNaN();
    expect(finished.body.areas[1]!.skipped).toEqual({ reason: 'occupied', note: null });
    expect((await client.get<Array<{ id: number; status: string }>>('/api/projects')).body.find((item) => item.id === report.id)?.status).toBe('finished');

    // A finished report refuses new photos, pairs and skips until reopened.
    const photo = await client.post<{ code: string }>(`/api/projects/${report.id}/photos?type=after&areaId=${yard.id}`, undefined, {
      raw: await makePhotoJpeg(48, 36, { seed: 10 }),
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(photo.status).toBe(409);
    expect(photo.body.code).toBe('report_finished');
    expect((await client.post<{ code: string }>(`/api/projects/${report.id}/auto-pair-all`)).body.code).toBe('report_finished');
    const kitchenPhotos = (await getReport(client, report.id)).photos;
    const pair = await client.post<{ code: string }>(`/api/projects/${report.id}/photo-pairs`, {
      beforePhotoId: kitchenPhotos.filter((photo) => photo.type === 'before')[1]!.id,
      afterPhotoId: after.id,
    });
    expect(pair.status).toBe(409);
    expect(pair.body.code).toBe('report_finished');
    expect((await client.delete<{ code: string }>(`/api/projects/${report.id}/areas/${hall.id}/skip`)).body.code).toBe('report_finished');
    // Nor can it fall below its gate afterwards: its photos and pairs stay until it is reopened.
    const deletedPhoto = await client.delete<{ code: string }>(`/api/photos/${kitchenPhotos[0]!.id}`);
    expect(deletedPhoto.status).toBe(409);
    expect(deletedPhoto.body.code).toBe('report_finished');
    const unpaired = await client.delete<{ code: string }>(`/api/photo-pairs/${finishedPair.body.id}`);
    expect(unpaired.status).toBe(409);
    expect(unpaired.body.code).toBe('report_finished');
    expect((await getReport(client, report.id)).photos).toHaveLength(3);
    expect((await getReport(client, report.id)).photoPairs).toHaveLength(1);

    const reopened = await client.post<Project>(`/api/projects/${report.id}/reopen`);
    expect(reopened.body).toMatchObject({ status: 'open', finishedAt: null });
    await shoot(client, report.id, 'after', yard.id);
    expect((await getReport(client, report.id)).photos).toHaveLength(4);
  });

  it('holds under a race: a finish and a delete of the photo the gate needs never leave a finished job below its gate', async () => {
    const client = await member();
    const own = await client.post<Template>('/api/templates', { name: 'One room', areas: [{ name: 'Lobby', minBefore: 1, minAfter: 1 }] });
    const report = await templatedReport(client, { templateId: own.body.id });
    const lobby = report.areas[0]!;
    await shoot(client, report.id, 'after', lobby.id);
    for (let round = 0; round < 6; round += 1) {
      const before = await shoot(client, report.id, 'before', lobby.id);
      const [finish, removal] = await Promise.all([
        client.post<{ code?: string }>(`/api/projects/${report.id}/finish`),
        client.delete<{ code?: string }>(`/api/photos/${before.id}`),
      ]);
      const stored = await getReport(client, report.id);
      const befores = stored.photos.filter((photo) => photo.type === 'before').length;
      if (finish.status === 200) {
        // The finish went first: the delete was refused and the photo the gate counted is there.
        expect([removal.status, removal.body.code]).toEqual([409, 'report_finished']);
        expect([stored.status, befores]).toEqual(['finished', 1]);
        expect((await client.post(`/api/projects/${report.id}/reopen`)).status).toBe(200);
        expect((await client.delete(`/api/photos/${before.id}`)).status).toBe(200);
      } else {
        // The delete went first: the finish counted without it and was refused.
        expect([finish.status, finish.body.code, removal.status]).toEqual([409, 'areas_incomplete', 200]);
        expect([stored.status, befores]).toEqual(['open', 0]);
      }
    }
  });
});
