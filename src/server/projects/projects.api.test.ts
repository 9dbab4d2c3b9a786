import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Project, ProjectSummary } from '../../shared/contract/projects.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { registerUser } from '../test-support/test-client.js';
import { addPhoto, createProject, listPhotoFiles, ownerWithProject } from '../test-support/project-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const countProjects = async () => (await t.query<{ n: number }>(sql`select count(*)::int as n from projects`))[0]?.n;

describe('creating and listing projects', () => {
  it('creates an empty project (spec: both fields empty at creation) and lists it newest first with counts', async () => {
    const client = t.client();
    await registerUser(client);
    const first = await createProject(client);
    expect(first).toMatchObject({ clientName: '', description: '', photos: [], photoPairs: [], photoCount: 0, pairCount: 0 });
    expect(first.id).toEqual(expect.any(Number));
    const second = await createProject(client, { clientName: '  Acme Offices ', description: 'Deep clean' });
    expect(second).toMatchObject({ clientName: 'Acme Offices', description: 'Deep clean' });
    await addPhoto(client, first.id, 'before');
    await addPhoto(client, first.id, 'after');
    expect((await client.post(`/api/projects/${first.id}/auto-pair-all`)).status).toBe(200);

    const list = await client.get<ProjectSummary[]>('/api/projects');
    expect(list.status).toBe(200);
    expect(list.body.map((p) => p.id)).toEqual([second.id, first.id]);
    expect(list.body[1]).toMatchObject({ photoCount: 2, pairCount: 1 });
    expect(list.body[0]).toMatchObject({ photoCount: 0, pairCount: 0, clientName: 'Acme Offices' });
  });

  it('lists only the signed-in user’s projects', async () => {
    const { client, project } = await ownerWithProject(t);
    const other = await ownerWithProject(t);
    const list = await client.get<ProjectSummary[]>('/api/projects');
    expect(list.body.map((p) => p.id)).toEqual([project.id]);
    expect(list.body.map((p) => p.id)).not.toContain(other.project.id);
  });

  it('needs a signed-in user', async () => {
    const before = await countProjects();
    expect((await t.client().get('/api/projects')).status).toBe(401);
    expect((await t.client().post('/api/projects', {})).status).toBe(401);
    expect(await countProjects()).toBe(before);
  });

  it('refuses a too-long client name with a clear 400 and creates nothing', async () => {
    const client = t.client();
    await registerUser(client);
    const before = await countProjects();
    const response = await client.post<{ message: string }>('/api/projects', { clientName: 'x'.repeat(101) });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/at most 100/);
    expect(await countProjects()).toBe(before);
  });
});

describe('reading a project', () => {
  it('returns photos in taken order and pairs with both photos; imageData is the stored JPEG as a data URL', async () => {
    const { client, project } = await ownerWithProject(t);
    const b1 = await addPhoto(client, project.id, 'before');
    const a1 = await addPhoto(client, project.id, 'after');
    const b2 = await addPhoto(client, project.id, 'before');
    const pair = await client.post(`/api/projects/${project.id}/photo-pairs`, { beforePhotoId: b1.id, afterPhotoId: a1.id });
    expect(pair.status).toBe(201);

    const response = await client.get<Project>(`/api/projects/${project.id}`);
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body.photos.map((p) => p.id)).toEqual([b1.id, a1.id, b2.id]);
    expect(body.photoCount).toBe(3);
    expect(body.pairCount).toBe(1);
    expect(body.photoPairs).toHaveLength(1);
    expect(body.photoPairs[0]).toMatchObject({
      beforePhotoId: b1.id,
      afterPhotoId: a1.id,
      beforePhoto: { id: b1.id, type: 'before' },
      afterPhoto: { id: a1.id, type: 'after' },
    });
    for (const photo of [...body.photos, body.photoPairs[0]!.beforePhoto, body.photoPairs[0]!.afterPhoto]) {
      expect(photo.imageUrl).toBe(`/api/photos/${photo.id}/image`);
      expect(photo.thumbnailUrl).toBe(`/api/photos/${photo.id}/thumbnail`);
      expect(photo.imageData).toMatch(/^data:image\/jpeg;base64,/);
    }
    const fromDataUrl = Buffer.from(body.photos[0]!.imageData!.split(',')[1]!, 'base64');
    const served = await client.get(`/api/photos/${b1.id}/image`);
    expect(Buffer.from(served.text, 'latin1').length).toBeGreaterThan(0);
    expect((await sharp(fromDataUrl).metadata()).format).toBe('jpeg');
    const image = await fetch(`${t.url}/api/photos/${b1.id}/image`, { headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(Buffer.from(await image.arrayBuffer()).equals(fromDataUrl)).toBe(true);
  });

  it('leaves imageData out with ?images=url and keeps the URLs', async () => {
    const { client, project } = await ownerWithProject(t);
    await addPhoto(client, project.id, 'before');
    await addPhoto(client, project.id, 'after');
    await client.post(`/api/projects/${project.id}/auto-pair-all`);
    const response = await client.get<Project>(`/api/projects/${project.id}?images=url`);
    expect(response.status).toBe(200);
    expect(response.text).not.toContain('imageData');
    expect(response.text).not.toContain('base64');
    expect(response.body.photos).toHaveLength(2);
    expect(response.body.photoPairs[0]?.beforePhoto.thumbnailUrl).toMatch(/\/thumbnail$/);
  });

  it('refuses an unknown images= value and a non-numeric id with 400', async () => {
    const { client, project } = await ownerWithProject(t);
    expect((await client.get(`/api/projects/${project.id}?images=base64`)).status).toBe(400);
    expect((await client.get('/api/projects/abc')).status).toBe(400);
    expect((await client.get('/api/projects/999999999')).status).toBe(404);
  });

  it('knows a report by one address only: hex, exponent, padded or signed forms of its id are 400', async () => {
    const { client, project } = await ownerWithProject(t);
    const id = project.id;
    for (const form of [`0x${id.toString(16)}`, `${id}e0`, `0${id}`, `%20${id}`, `+${id}`, `${id}.0`, '0', '2147483648']) {
      const response = await client.get<{ message: string }>(`/api/projects/${form}`);
      expect(response.status, form).toBe(400);
      expect(response.body.message, form).toMatch(/id/);
    }
    expect((await client.get(`/api/projects/${id}`)).status).toBe(200);
  });
});

describe('updating a project', () => {
  it('saves clientName or description alone and returns the project', async () => {
    const { client, project } = await ownerWithProject(t);
    const named = await client.patch<ProjectSummary>(`/api/projects/${project.id}`, { clientName: 'Harbor Café' });
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({ id: project.id, clientName: 'Harbor Café', description: '' });
    const described = await client.patch<ProjectSummary>(`/api/projects/${project.id}`, { description: 'Kitchen and floors' });
    expect(described.body).toMatchObject({ clientName: 'Harbor Café', description: 'Kitchen and floors' });
    const read = await client.get<Project>(`/api/projects/${project.id}?images=url`);
    expect(read.body).toMatchObject({ clientName: 'Harbor Café', description: 'Kitchen and floors' });
  });

  it('refuses an empty update and a wrong type with 400 and changes nothing', async () => {
    const { client, project } = await ownerWithProject(t);
    expect((await client.patch(`/api/projects/${project.id}`, {})).status).toBe(400);
    expect((await client.patch(`/api/projects/${project.id}`, { clientName: 42 })).status).toBe(400);
    const read = await client.get<Project>(`/api/projects/${project.id}?images=url`);
    expect(read.body.clientName).toBe('');
  });
});

describe('deleting a project', () => {
  it('deletes its photos, pairs and their files, and nothing of other projects', async () => {
    const { client, project } = await ownerWithProject(t);
    const keep = await createProject(client);
    const kept = await addPhoto(client, keep.id, 'before');
    await addPhoto(client, project.id, 'before');
    await addPhoto(client, project.id, 'after');
    await client.post(`/api/projects/${project.id}/auto-pair-all`);
    const filesBefore = await listPhotoFiles(t);
    expect(filesBefore.filter((f) => f.startsWith(`projects/${project.id}/`))).toHaveLength(4);

    const response = await client.delete<{ message: string }>(`/api/projects/${project.id}`);
    expect(response.status).toBe(200);
    expect((await client.get(`/api/projects/${project.id}`)).status).toBe(404);
    const rows = await t.query<{ photos: number; pairs: number }>(
      sql`select (select count(*)::int from photos where project_id = ${project.id}) as photos, (select count(*)::int from photo_pairs where project_id = ${project.id}) as pairs`,
    );
    expect(rows[0]).toEqual({ photos: 0, pairs: 0 });
    const filesAfter = await listPhotoFiles(t);
    expect(filesAfter.filter((f) => f.startsWith(`projects/${project.id}/`))).toEqual([]);
    expect(filesAfter.filter((f) => f.startsWith(`projects/${keep.id}/`))).toHaveLength(2);
    expect((await client.get(`/api/photos/${kept.id}/image`)).status).toBe(200);
  });
});

describe('ownership: another user’s project is a 404 and changes nothing', () => {
  it('on GET, PATCH, DELETE, photo upload, pairing and auto-pair', async () => {
    const owner = await ownerWithProject(t);
    const before = await addPhoto(owner.client, owner.project.id, 'before');
    const after = await addPhoto(owner.client, owner.project.id, 'after');
    const intruder = t.client();
    await registerUser(intruder);
    const id = owner.project.id;

    const attempts = [
      await intruder.get(`/api/projects/${id}`),
      await intruder.get(`/api/projects/${id}?images=url`),
      await intruder.patch(`/api/projects/${id}`, { clientName: 'Hacked' }),
      await intruder.post(`/api/projects/${id}/photos`, { type: 'before', imageData: 'data:image/jpeg;base64,AAAA' }),
      await intruder.post(`/api/projects/${id}/photo-pairs`, { beforePhotoId: before.id, afterPhotoId: after.id }),
      await intruder.post(`/api/projects/${id}/auto-pair-all`),
      await intruder.delete(`/api/projects/${id}`),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(404);
      expect(attempt.body).toEqual({ message: 'Project not found', code: 'project_not_found' });
    }
    const read = await owner.client.get<Project>(`/api/projects/${id}?images=url`);
    expect(read.body).toMatchObject({ clientName: '', photoCount: 2, pairCount: 0 });
  });
});
