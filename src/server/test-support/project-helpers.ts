// Shortcuts for API tests about projects and photos: a signed-in owner with a project, and uploads.
import type { AddedPhoto, Photo, Project } from '../../shared/contract/projects.js';
import type { TestApp } from './test-app.js';
import { registerUser, type TestClient } from './test-client.js';
import { makePhotoJpeg } from './photo-fixtures.js';

export async function createProject(client: TestClient, body: { clientName?: string; description?: string; clientId?: number } = {}): Promise<Project> {
  const response = await client.post<Project>('/api/projects', body);
  if (response.status !== 201) throw new Error(`create project failed: ${response.status} ${response.text}`);
  return response.body;
}

/** A new user, registered and signed in, at an address of their own. */
export async function signedInOwner(t: TestApp): Promise<TestClient> {
  const client = t.client();
  await registerUser(client);
  return client;
}

/** A new signed-in user with one empty project. */
export async function ownerWithProject(t: TestApp): Promise<{ client: TestClient; project: Project }> {
  const client = await signedInOwner(t);
  return { client, project: await createProject(client) };
}

/** Uploads JPEG bytes the app's way (raw body, ?type=); returns the response. */
export function uploadRawPhoto(client: TestClient, projectId: number, type: string, bytes: Buffer, contentType = 'image/jpeg') {
  return client.post<Photo & { message?: string }>(`/api/projects/${projectId}/photos?type=${type}`, undefined, {
    raw: bytes,
    headers: { 'content-type': contentType },
  });
}

let seed = 1;
/** Uploads a small photo-like JPEG and returns the stored photo (throws unless 201). */
export async function addPhoto(client: TestClient, projectId: number, type: 'before' | 'after'): Promise<Photo> {
  seed += 1;
  const response = await uploadRawPhoto(client, projectId, type, await makePhotoJpeg(64, 48, { seed }));
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${response.text}`);
  return response.body;
}

/** Uploads a photo-like JPEG into an area of a report made from a template, the app's way (raw bytes, ?type=&areaId=); throws unless 201. */
export async function addPhotoInArea(
  client: TestClient,
  projectId: number,
  type: 'before' | 'after',
  areaId: number,
  size: { width: number; height: number } = { width: 64, height: 48 },
): Promise<AddedPhoto> {
  seed += 1;
  const response = await client.post<AddedPhoto>(`/api/projects/${projectId}/photos?type=${type}&areaId=${areaId}`, undefined, {
    raw: await makePhotoJpeg(size.width, size.height, { seed }),
    headers: { 'content-type': 'image/jpeg' },
  });
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${response.text}`);
  return response.body;
}

/** Every key in the test app's photo store (a folder or an S3 bucket), sorted. */
export async function listPhotoFiles(t: TestApp): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of t.deps.photoStore.list()) keys.push(...page.map((file) => file.key));
  return keys.sort();
}
