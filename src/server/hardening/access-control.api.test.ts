// Access (docs/architecture.md, "Rules that hold everywhere"): a user sees and changes only their own
// reports, photos and pairs; anyone else's id is a 404, as if it did not exist, and changes nothing.
// One table over the routes the app really registers: a new id-bearing route without an entry
// here fails the first test, naming the route.
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../test-support/test-app.js';
import { registerUser, type TestClient } from '../test-support/test-client.js';
import { apiRoutes, fillPath, routeKey, withRouteDiscovery } from '../test-support/route-table.js';
import { diffSnapshots, snapshotDatabase } from './support/db-snapshot.js';
import { createOwnedResources, createProject, jpegDataUrl, type OwnedResources } from './support/fixtures.js';

type Resource = 'project' | 'templatedProject' | 'photo' | 'pair' | 'shareLink' | 'client' | 'template' | 'issue' | 'member' | 'invite';

interface AccessCase {
  /** Which of the owner's resources the path id names. */
  resource: Resource;
  query?: string;
  /** What a real client would send (so the request would succeed for the owner). */
  body?: (owned: OwnedResources) => Promise<unknown> | unknown;
}

const ACCESS_TABLE: Record<string, AccessCase> = {
  'GET /api/projects/:id': { resource: 'project', query: 'images=url' },
  'PATCH /api/projects/:id': { resource: 'project', body: () => ({ clientName: 'Taken over', description: 'by someone else' }) },
  'PUT /api/projects/:id': { resource: 'project', body: () => ({ clientName: 'Taken over', description: 'by someone else' }) },
  'DELETE /api/projects/:id': { resource: 'project' },
  'POST /api/projects/:id/photos': { resource: 'project', body: async () => ({ type: 'before', imageData: await jpegDataUrl() }) },
  'POST /api/projects/:id/photo-pairs': { resource: 'project', body: (owned) => ({ beforePhotoId: owned.photoIds[2], afterPhotoId: owned.photoIds[3] }) },
  'POST /api/projects/:id/auto-pair-all': { resource: 'project' },
  'GET /api/projects/:id/report.pdf': { resource: 'project' },
  'POST /api/projects/:id/share-links': { resource: 'project', body: () => ({ expiresInDays: 7 }) },
  'GET /api/projects/:id/share-links': { resource: 'project' },
  'POST /api/projects/:id/send': { resource: 'project', body: () => ({ to: 'client@example.com' }) },
  'GET /api/projects/:id/activity': { resource: 'project' },
  'POST /api/issues/:id/resolve': { resource: 'issue', body: () => ({ note: 'Done' }) },
  'GET /api/issues/:id/photo': { resource: 'issue' },
  'DELETE /api/share-links/:id': { resource: 'shareLink' },
  'DELETE /api/photo-pairs/:id': { resource: 'pair' },
  'DELETE /api/photos/:id': { resource: 'photo' },
  'GET /api/photos/:id': { resource: 'photo' },
  'GET /api/photos/:id/image': { resource: 'photo' },
  'GET /api/photos/:id/thumbnail': { resource: 'photo' },
  'GET /api/clients/:id': { resource: 'client' },
  'PATCH /api/clients/:id': { resource: 'client', body: () => ({ name: 'Taken over' }) },
  'DELETE /api/clients/:id': { resource: 'client' },
  'POST /api/projects/:id/finish': { resource: 'project' },
  'POST /api/projects/:id/reopen': { resource: 'project' },
  'POST /api/projects/:id/areas/:areaId/skip': { resource: 'templatedProject', body: () => ({ reason: 'no_access' }) },
  'DELETE /api/projects/:id/areas/:areaId/skip': { resource: 'templatedProject' },
  'PATCH /api/templates/:id': { resource: 'template', body: () => ({ name: 'Taken over' }) },
  'DELETE /api/templates/:id': { resource: 'template' },
  'PATCH /api/team/members/:id': { resource: 'member', body: () => ({ active: false }) },
  'POST /api/team/members/:id/sign-in-link': { resource: 'member' },
  'DELETE /api/team/invites/:id': { resource: 'invite' },
};

/**
 * Public routes keyed by a client link's token: the token opens its own report and
 * nothing else. `photo`: the path also names a photo, which must be one of that report's pairs.
 */
const TOKEN_TABLE: Record<string, { photo: boolean; method?: 'POST'; body?: (owned: OwnedResources) => unknown }> = {
  'POST /api/shared/:token/approval': { photo: false, method: 'POST', body: () => ({ name: 'Jane Smith' }) },
  'POST /api/shared/:token/issues': { photo: false, method: 'POST', body: (owned) => ({ pairId: owned.pairId, x: 0.1, y: 0.2, note: 'Missed a spot' }) },
  'GET /api/shared/:token/issues/:issueId/photo': { photo: false },
  'GET /api/shared/:token': { photo: false },
  'GET /api/shared/:token/report.pdf': { photo: false },
  'GET /api/shared/:token/logo': { photo: false },
  'GET /api/shared/:token/preview.jpg': { photo: false },
  'GET /api/shared/:token/photos/:photoId/image': { photo: true },
  'GET /api/shared/:token/photos/:photoId/thumbnail': { photo: true },
  // Invites and sign-in links: a token that is not one is a 404 like any other.
  'GET /api/join/:token': { photo: false },
  'GET /api/join/:token/logo': { photo: false },
  'POST /api/join/:token': { photo: false, method: 'POST', body: () => ({ name: 'Intruder' }) },
  'POST /api/sign-in/:token': { photo: false, method: 'POST' },
};

/** Admin routes a signed-in user without the admin password may call (to unlock, or to learn it is locked). */
const ADMIN_OPEN = new Set(['POST /api/admin/verify', 'POST /api/admin/logout', 'GET /api/admin/session']);

const { result: t, routes: discovered } = await withRouteDiscovery(() => startTestApp());
const routes = apiRoutes(discovered);
const idRoutes = routes.filter((route) => route.params.length > 0);
const has = (key: string) => routes.some((route) => routeKey(route) === key);

afterAll(async () => {
  await t.close();
});

async function signedIn(name: string): Promise<TestClient> {
  const client = t.client();
  await registerUser(client, { businessName: name });
  return client;
}

function idOf(owned: OwnedResources, resource: Resource): number {
  if (resource === 'project') return owned.projectId;
  if (resource === 'pair') return owned.pairId;
  if (resource === 'shareLink') return owned.shareLinkId;
  if (resource === 'client') return owned.clientId;
  if (resource === 'templatedProject') return owned.templatedProjectId;
  if (resource === 'template') return owned.templateId;
  if (resource === 'issue') return owned.issueId;
  if (resource === 'member') return owned.memberId;
  if (resource === 'invite') return owned.inviteId;
  return owned.photoIds[0] ?? 0;
}

async function expectNotFoundAndUnchanged(client: TestClient, method: string, path: string, body: unknown) {
  const before = await snapshotDatabase(t.db);
  const response = await client.request<{ message?: string }>(method, path, body);
  const where = `${method} ${path} -> ${response.status} ${response.text.slice(0, 200)}`;
  expect(response.status, where).toBe(404);
  expect(response.body.message, where).toBeTruthy();
  expect(diffSnapshots(before, await snapshotDatabase(t.db)), where).toEqual([]);
}

describe('another user’s ids', () => {
  it('every id-bearing API route has an entry in the access table', () => {
    // A discovery that found nothing would make every test below vacuous.
    expect(idRoutes.map(routeKey)).toEqual(expect.arrayContaining(['GET /api/projects/:id', 'DELETE /api/photos/:id', 'DELETE /api/photo-pairs/:id']));
    const missing = idRoutes.map(routeKey).filter((key) => !(key in ACCESS_TABLE) && !(key in TOKEN_TABLE));
    expect(missing, `add these routes to ACCESS_TABLE in ${import.meta.url.split('/').pop()}`).toEqual([]);
  });

  it.each(idRoutes.filter((route) => routeKey(route) in ACCESS_TABLE).map((route) => [routeKey(route), route] as const))(
    "%s with another user's id is 404 and changes nothing",
    async (key, route) => {
      const entry = ACCESS_TABLE[key];
      if (!entry) throw new Error(`no table entry for ${key}`);
      const owner = await signedIn('Owner Cleaning');
      const intruder = await signedIn('Intruder Cleaning');
      const owned = await createOwnedResources(owner);
      const id = String(idOf(owned, entry.resource));
      // A second id in the path (an area) is the owner's own, inside the owner's report.
      const valueOf = (name: string) => (name === 'areaId' ? String(owned.areaId) : id);
      const path = fillPath(route.url, Object.fromEntries(route.params.map((name) => [name, valueOf(name)]))) + (entry.query ? `?${entry.query}` : '');
      const body = entry.body ? await entry.body(owned) : undefined;

      if (route.method === 'GET') {
        // The same request works for its owner, so the 404 below is about who asks, not a bad id.
        expect((await owner.get(path)).status).toBe(200);
      }
      await expectNotFoundAndUnchanged(intruder, route.method, path, body);
      // With a bearer token instead of the cookie, the answer is the same.
      const bearer = t.client();
      const login = await bearer.post<{ authToken: string }>('/api/login', {
        email: (await intruder.get<{ email: string }>('/api/user')).body.email,
        password: 'correct horse',
      });
      const tokenOnly = t.client();
      tokenOnly.bearerToken = login.body.authToken;
      await expectNotFoundAndUnchanged(tokenOnly, route.method, path, body);
    },
    60_000,
  );

  it.each(idRoutes.filter((route) => routeKey(route) in TOKEN_TABLE).map((route) => [routeKey(route), route] as const))(
    '%s opens only its own report: an unknown token, or another report’s token with this one’s photos, is 404 and changes nothing',
    async (key, route) => {
      const owner = await signedIn('Owner Cleaning');
      const other = await signedIn('Other Cleaning');
      const owned = await createOwnedResources(owner);
      const others = await createOwnedResources(other);
      const fill = (token: string, photoId: number) => fillPath(route.url, { token, photoId: String(photoId), issueId: String(owned.issueId) });
      const entry = TOKEN_TABLE[key];
      const visitor = t.client();
      if (TOKEN_TABLE[key]?.photo) {
        // Its own token serves its own paired photo, so the 404s below are about whose photo it is.
        expect((await visitor.get(fill(owned.shareToken, owned.photoIds[0] ?? 0))).status).toBe(200);
        for (const photoId of owned.photoIds) await expectNotFoundAndUnchanged(visitor, 'GET', fill(others.shareToken, photoId), undefined);
      }
      if (key.endsWith('/issues/:issueId/photo')) {
        // The issue's photo is served through its own link only.
        expect((await visitor.get(fill(owned.shareToken, 0))).status).toBe(200);
        await expectNotFoundAndUnchanged(visitor, 'GET', fill(others.shareToken, 0), undefined);
      }
      const unknownToken = fill(`${owned.shareToken.slice(0, -4)}AAAA`, owned.photoIds[0] ?? 0);
      await expectNotFoundAndUnchanged(visitor, entry?.method ?? 'GET', unknownToken, entry?.body?.(owned));
    },
    60_000,
  );

  it.runIf(has('POST /api/projects/:id/photo-pairs'))("pairing another user's photos inside one's own report is 404 and changes nothing", async () => {
    const owner = await signedIn('Owner Cleaning');
    const intruder = await signedIn('Intruder Cleaning');
    const owned = await createOwnedResources(owner);
    const intruderProject = await createProject(intruder);
    await expectNotFoundAndUnchanged(intruder, 'POST', `/api/projects/${intruderProject}/photo-pairs`, {
      beforePhotoId: owned.photoIds[2],
      afterPhotoId: owned.photoIds[3],
    });
  });

  it.runIf(has('GET /api/projects'))("another user's reports never appear in one's list", async () => {
    const owner = await signedIn('Owner Cleaning');
    const intruder = await signedIn('Intruder Cleaning');
    const owned = await createOwnedResources(owner);
    const list = await intruder.get<{ id: number }[]>('/api/projects');
    expect(list.status).toBe(200);
    expect(list.body.map((project) => project.id)).not.toContain(owned.projectId);
  });

  it.each(routes.filter((route) => route.url.startsWith('/api/admin/') && !ADMIN_OPEN.has(routeKey(route))).map((route) => [routeKey(route), route] as const))(
    '%s refuses a signed-in user without the admin password and changes nothing',
    async (_key, route) => {
      const user = await signedIn('Curious Cleaning');
      const path = fillPath(route.url, Object.fromEntries(route.params.map((name) => [name, '1'])));
      const before = await snapshotDatabase(t.db);
      const response = await user.request<{ message?: string }>(route.method, path, route.method === 'GET' ? undefined : {});
      expect([401, 403, 404], `${routeKey(route)} -> ${response.status}`).toContain(response.status);
      expect(response.body.message).toBeTruthy();
      expect(diffSnapshots(before, await snapshotDatabase(t.db))).toEqual([]);
    },
  );
});
