// A user's reports, photos and pairs made through the real API (as the app's client would),
// so the hardening suites have real ids to aim at.
import sharp from 'sharp';
import type { TestClient } from '../../test-support/test-client.js';

export interface OwnedResources {
  projectId: number;
  /** [before, after] (paired), then an unpaired before and an unpaired after */
  photoIds: number[];
  pairId: number;
  /** A live client link to the report. */
  shareLinkId: number;
  shareToken: string;
  /** A client of the owner's (with the report linked to it). */
  clientId: number;
  /** A report made from the owner's own template, and its first area. */
  templatedProjectId: number;
  areaId: number;
  templateId: number;
  /** An issue the client reported through the link, with a photo. */
  issueId: number;
  /** The owner's own member id, and a pending invite of theirs to join the business as a cleaner. */
  memberId: number;
  inviteId: number;
}

let jpegCache: Buffer | undefined;

/** A real 64x48 JPEG with some structure (not a blank square). */
export async function testJpeg(): Promise<Buffer> {
  jpegCache ??= await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 160, b: 150 } } })
    .composite([{ input: Buffer.from('<svg width="32" height="24"><rect width="32" height="24" fill="#fff"/></svg>'), left: 8, top: 8 }])
    .jpeg({ quality: 80 })
    .toBuffer();
  return jpegCache;
}

export async function jpegDataUrl(): Promise<string> {
  return `data:image/jpeg;base64,${(await testJpeg()).toString('base64')}`;
}

function expectStatus(response: { status: number; text: string }, allowed: number[], what: string): void {
  if (!allowed.includes(response.status)) throw new Error(`${what} failed: ${response.status} ${response.text.slice(0, 300)}`);
}

export async function createProject(client: TestClient, body: { clientName?: string; description?: string } = {}): Promise<number> {
  const response = await client.post<{ id: number }>('/api/projects', body);
  expectStatus(response, [200, 201], 'create project');
  return response.body.id;
}

/** Uploads a photo in the spec's JSON form and returns its id (read back from the report). */
export async function uploadPhoto(client: TestClient, projectId: number, type: 'before' | 'after'): Promise<number> {
  const before = await photoIdsOf(client, projectId);
  const response = await client.post<{ id?: number }>(`/api/projects/${projectId}/photos`, { type, imageData: await jpegDataUrl() });
  expectStatus(response, [200, 201], 'upload photo');
  if (typeof response.body.id === 'number') return response.body.id;
  const added = (await photoIdsOf(client, projectId)).filter((id) => !before.includes(id));
  if (added.length !== 1) throw new Error(`upload photo: cannot tell the new photo id (${added.length} new)`);
  return added[0] ?? 0;
}

export async function pairPhotos(client: TestClient, projectId: number, beforePhotoId: number, afterPhotoId: number): Promise<number> {
  const response = await client.post<{ id?: number }>(`/api/projects/${projectId}/photo-pairs`, { beforePhotoId, afterPhotoId });
  expectStatus(response, [200, 201], 'pair photos');
  if (typeof response.body.id === 'number') return response.body.id;
  const project = await readProject(client, projectId);
  const pair = project.photoPairs.find((p) => p.beforePhotoId === beforePhotoId);
  if (!pair) throw new Error('pair photos: the pair is not in the report');
  return pair.id;
}

export async function readProject(client: TestClient, projectId: number) {
  const response = await client.get<{ photos: { id: number }[]; photoPairs: { id: number; beforePhotoId: number; afterPhotoId: number }[] }>(
    `/api/projects/${projectId}?images=url`,
  );
  expectStatus(response, [200], 'read project');
  return response.body;
}

async function photoIdsOf(client: TestClient, projectId: number): Promise<number[]> {
  return (await readProject(client, projectId)).photos.map((photo) => photo.id);
}

/** A report with a pair (before + after) and an unpaired before and after photo. */
export async function createOwnedResources(client: TestClient, body: { clientName?: string; description?: string } = {}): Promise<OwnedResources> {
  const projectId = await createProject(client, body);
  const before = await uploadPhoto(client, projectId, 'before');
  const after = await uploadPhoto(client, projectId, 'after');
  const spareBefore = await uploadPhoto(client, projectId, 'before');
  const spareAfter = await uploadPhoto(client, projectId, 'after');
  const pairId = await pairPhotos(client, projectId, before, after);
  const link = await client.post<{ id: number; token: string }>(`/api/projects/${projectId}/share-links`, {});
  expectStatus(link, [201], 'create share link');
  const added = await client.post<{ id: number }>('/api/clients', { name: 'Owned Client', phone: '555 0100' });
  if (added.status !== 201) throw new Error(`create client failed: ${added.status} ${added.text}`);
  await client.patch(`/api/projects/${projectId}`, { clientId: added.body.id });
  const template = await client.post<{ id: number }>('/api/templates', { name: 'Owned Template', areas: [{ name: 'Kitchen', minBefore: 1, minAfter: 1 }] });
  expectStatus(template, [201], 'create template');
  const templated = await client.post<{ id: number; areas: { id: number }[] }>('/api/projects', { templateId: String(template.body.id) });
  expectStatus(templated, [201], 'create templated report');
  const issue = await client.post<{ id: number }>(`/api/shared/${link.body.token}/issues`, {
    pairId,
    x: 0.5,
    y: 0.5,
    note: 'A smear',
    photo: await jpegDataUrl(),
  });
  expectStatus(issue, [201], 'report an issue');
  const me = await client.get<{ id: number }>('/api/user');
  const invited = await client.post<{ id: number }>('/api/team/invites', { role: 'cleaner' });
  expectStatus(invited, [201], 'invite a cleaner');
  return {
    projectId,
    photoIds: [before, after, spareBefore, spareAfter],
    pairId,
    shareLinkId: link.body.id,
    shareToken: link.body.token,
    clientId: added.body.id,
    templatedProjectId: templated.body.id,
    areaId: templated.body.areas[0]?.id ?? 0,
    templateId: template.body.id,
    issueId: issue.body.id,
    memberId: me.body.id,
    inviteId: invited.body.id,
  };
}
