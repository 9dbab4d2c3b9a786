// Shortcuts for the client-link tests: an owner with a paired report and a link, and
// requests as an anonymous visitor would make them (bytes kept as bytes).
import sharp from 'sharp';
import type { Photo, Project } from '../../shared/contract/projects.js';
import type { ShareLink } from '../../shared/contract/share-links.js';
import type { TestApp } from './test-app.js';
import { registerUser, uniqueClientAddress, type TestClient } from './test-client.js';
import { addPhoto, createProject } from './project-helpers.js';
import { makePhotoJpeg, toDataUrl } from './photo-fixtures.js';

export interface SharedFixture {
  owner: TestClient;
  email: string;
  project: Project;
  /** The report's pairs, in the order they were made. */
  pairs: { before: Photo; after: Photo }[];
  /** Photos of the report that are in no pair. */
  unpaired: Photo[];
  link: ShareLink;
}

export async function createShareLink(owner: TestClient, projectId: number, body: { expiresInDays?: number } = {}): Promise<ShareLink> {
  const response = await owner.post<ShareLink>(`/api/projects/${projectId}/share-links`, body);
  if (response.status !== 201) throw new Error(`create share link failed: ${response.status} ${response.text}`);
  return response.body;
}

/** A new owner with a report of `pairCount` pairs plus one unpaired before and after photo, and a link to it. */
export async function ownerWithSharedReport(
  t: TestApp,
  options: { pairCount?: number; businessName?: string; clientName?: string; description?: string; expiresInDays?: number } = {},
): Promise<SharedFixture> {
  const owner = t.client();
  const { email } = await registerUser(owner, { businessName: options.businessName ?? 'Sparkle Cleaning Co' });
  const project = await createProject(owner, { clientName: options.clientName ?? 'Zoë Ångström', description: options.description ?? 'Kitchen deep clean' });
  const pairs: SharedFixture['pairs'] = [];
  for (let i = 0; i < (options.pairCount ?? 2); i += 1) {
    const before = await addPhoto(owner, project.id, 'before');
    const after = await addPhoto(owner, project.id, 'after');
    const pair = await owner.post(`/api/projects/${project.id}/photo-pairs`, { beforePhotoId: before.id, afterPhotoId: after.id });
    if (pair.status !== 201) throw new Error(`pair failed: ${pair.status} ${pair.text}`);
    pairs.push({ before, after });
  }
  const unpaired = [await addPhoto(owner, project.id, 'before'), await addPhoto(owner, project.id, 'after')];
  const link = await createShareLink(owner, project.id, options.expiresInDays === undefined ? {} : { expiresInDays: options.expiresInDays });
  return { owner, email, project, pairs, unpaired, link };
}

/**
 * The client answers on the report's link: an issue with a photo on the pair at `pairIndex`, and an
 * approval by Jane Client with a drawn signature (throws unless both are 201).
 */
export async function answerAsClient(t: TestApp, fixture: SharedFixture, pairIndex = 0): Promise<void> {
  const report = await fixture.owner.get<{ photoPairs: { id: number }[] }>(`/api/projects/${fixture.project.id}?images=url`);
  const visitor = t.client();
  const issue = await visitor.post(`/api/shared/${fixture.link.token}/issues`, {
    pairId: report.body.photoPairs[pairIndex]?.id,
    x: 0.4,
    y: 0.6,
    note: 'A smear on the glass',
    photo: toDataUrl(await makePhotoJpeg(64, 48, { seed: 97 })),
  });
  if (issue.status !== 201) throw new Error(`issue: ${issue.status} ${issue.text}`);
  const signature = await sharp({ create: { width: 200, height: 80, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0 } } })
    .png()
    .toBuffer();
  const approval = await visitor.post(`/api/shared/${fixture.link.token}/approval`, { name: 'Jane Client', signature: toDataUrl(signature, 'image/png') });
  if (approval.status !== 201) throw new Error(`approval: ${approval.status} ${approval.text}`);
}

export interface RawResponse {
  status: number;
  headers: Headers;
  bytes: Buffer;
  text: string;
}

/** A GET as a signed-out visitor at `address` (their own by default); headers as given. */
export async function visit(t: TestApp, path: string, options: { address?: string; headers?: Record<string, string> } = {}): Promise<RawResponse> {
  const response = await fetch(t.url + path, {
    headers: { 'x-forwarded-for': options.address ?? uniqueClientAddress(), ...options.headers },
    redirect: 'manual',
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
}
