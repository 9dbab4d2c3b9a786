// Hostile input: generated bodies, query strings and headers thrown at every API route
// the app registers, signed in and not. No answer may be a 5xx, every 4xx carries { message },
// and a rejected request leaves every table exactly as it was.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startTestApp } from '../test-support/test-app.js';
import { registerUser } from '../test-support/test-client.js';
import { apiRoutes, fillPath, routeKey, withRouteDiscovery, type DiscoveredRoute } from '../test-support/route-table.js';
import { createSession, SESSION_COOKIE } from '../auth/sessions.js';
import { ADMIN_COOKIE, createAdminSession } from '../admin/admin-sessions.js';
import { diffSnapshots, snapshotDatabase } from './support/db-snapshot.js';
import { createOwnedResources, type OwnedResources } from './support/fixtures.js';
import { hostileRequest, type HostileRequest } from './support/hostile-requests.js';
import { INJECTION_STRINGS } from './support/hostile-strings.js';

/** Runs per route; HARDENING_RUNS raises it for a longer soak. */
const RUNS = Number(process.env.HARDENING_RUNS ?? 25);

const { result: t, routes: discovered } = await withRouteDiscovery(() => startTestApp());
const routes = apiRoutes(discovered);
const has = (key: string) => routes.some((route) => routeKey(route) === key);

/** The signed-in account the routes are fuzzed as; a fresh one now and then (see beforeEach). */
async function newOwner() {
  const client = t.client();
  const { user } = await registerUser(client, { businessName: '<b>Injected & Co</b>' });
  return { client, id: (user as { id: number }).id };
}
let { client: owner, id: ownerId } = await newOwner();
let testsOfThisOwner = 0;
/** Each test makes a client link (and more) for its owner: well under the per-account hourly limits. */
const TESTS_PER_OWNER = 30;

let resources: OwnedResources | undefined;
const statusCounts = new Map<number, number>();

afterAll(async () => {
  const summary = [...statusCounts]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}x${count}`)
    .join(' ');
  const total = [...statusCounts.values()].reduce((sum, n) => sum + n, 0);
  console.log(`hostile input: ${routes.length} routes, ${total} requests, statuses ${summary}`);
  await t.close();
});

beforeEach(async () => {
  if (++testsOfThisOwner > TESTS_PER_OWNER) {
    ({ client: owner, id: ownerId } = await newOwner());
    testsOfThisOwner = 1;
  }
  // Fresh targets for every route: an earlier route may have deleted them (a 2xx may change things).
  if (has('POST /api/projects') && has('POST /api/projects/:id/photos') && has('POST /api/projects/:id/photo-pairs')) {
    resources = await createOwnedResources(owner, { clientName: '<script>alert(1)</script>', description: '"><img src=x onerror=alert(1)>' });
  }
});

/** Real ids and a live client-link token, so generated paths reach real rows. */
function knownPathValues(): (number | string)[] {
  return resources ? [resources.projectId, ...resources.photoIds, resources.pairId, resources.shareLinkId, resources.shareToken] : [];
}

interface Credentials {
  sessionToken?: string;
  adminToken?: string;
}

/**
 * Fresh sessions per request, minted before the snapshot: a generated logout must not sign later
 * runs out. The admin session is minted directly too: unlocking through POST /api/admin/verify
 * would stop working once fuzzing that route has used up its limit of wrong passwords.
 */
async function credentialsFor(request: HostileRequest): Promise<Credentials> {
  if (request.auth === 'anonymous') return {};
  const sessionToken = await createSession(t.db, ownerId);
  if (request.auth !== 'admin') return { sessionToken };
  return { sessionToken, adminToken: (await createAdminSession(t.db, t.deps.clock())).token };
}

async function send(
  route: DiscoveredRoute,
  request: HostileRequest,
  { sessionToken, adminToken }: Credentials,
): Promise<{ status: number; text: string; contentType: string }> {
  const headers: Record<string, string> = { ...request.headers };
  const cookies: string[] = [];
  if (sessionToken) {
    if (request.auth === 'bearer') headers.authorization = `Bearer ${sessionToken}`;
    else cookies.push(`${SESSION_COOKIE}=${sessionToken}`);
    if (adminToken) cookies.push(`${ADMIN_COOKIE}=${adminToken}`);
    // The app's own pages send their Origin on state-changing calls (unless the generator chose one).
    headers.origin ??= t.url;
  }
  if (headers.cookie) cookies.push(headers.cookie);
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  if (request.body !== undefined) headers['content-type'] ??= typeof request.body === 'string' ? 'application/json' : 'image/jpeg';
  const path = fillPath(route.url, request.params) + (request.query ? `?${request.query}` : '');
  const body = request.body === undefined ? undefined : typeof request.body === 'string' ? request.body : new Uint8Array(request.body);
  const response = await fetch(t.url + path, { method: route.method, headers, body, redirect: 'manual' });
  const contentType = response.headers.get('content-type') ?? '';
  const text = contentType.includes('json') || contentType.includes('text') ? await response.text() : `<${(await response.arrayBuffer()).byteLength} bytes>`;
  return { status: response.status, text, contentType };
}

function describeRequest(route: DiscoveredRoute, request: HostileRequest): string {
  const body = request.body === undefined ? '' : typeof request.body === 'string' ? request.body.slice(0, 300) : `<${request.body.length} bytes>`;
  return `${routeKey(route)} auth=${request.auth} params=${JSON.stringify(request.params)} query=${request.query} headers=${JSON.stringify(request.headers)} body=${body}`;
}

describe('hostile input on every API route', () => {
  it('finds the API routes of the app', () => {
    // The auth routes exist from the start; a discovery that finds nothing would make this suite vacuous.
    expect(routes.map(routeKey)).toEqual(expect.arrayContaining(['POST /api/register', 'POST /api/login', 'GET /api/user']));
  });

  it('sends admin-mode requests with a working admin session', async () => {
    const { sessionToken, adminToken } = await credentialsFor({ auth: 'admin', params: {}, query: '', headers: {}, body: undefined });
    const response = await fetch(`${t.url}/api/admin/analytics`, { headers: { cookie: `${SESSION_COOKIE}=${sessionToken}; ${ADMIN_COOKIE}=${adminToken}` } });
    expect(response.status).toBe(200);
  });

  it.each(routes.map((route) => [routeKey(route), route] as const))(
    '%s: no 5xx, every 4xx has a message, rejected requests change nothing',
    async (_key, route) => {
      await fc.assert(
        fc.asyncProperty(hostileRequest(route.params, knownPathValues(), route.method), async (request) => {
          const credentials = await credentialsFor(request);
          const before = await snapshotDatabase(t.db);
          const response = await send(route, request, credentials);
          statusCounts.set(response.status, (statusCounts.get(response.status) ?? 0) + 1);
          const where = `${describeRequest(route, request)} -> ${response.status} ${response.text.slice(0, 300)}`;
          expect(response.status, where).toBeLessThan(500);
          if (response.status >= 400) {
            expect(response.contentType, where).toContain('application/json');
            const message = (JSON.parse(response.text) as { message?: unknown }).message;
            expect(typeof message === 'string' && message.trim().length > 0, where).toBe(true);
            expect(diffSnapshots(before, await snapshotDatabase(t.db)), where).toEqual([]);
          }
        }),
        { numRuns: RUNS },
      );
    },
    120_000,
  );
});

describe('injection strings as report text', () => {
  it.each(INJECTION_STRINGS.map((text) => [JSON.stringify(text), text] as const))(
    'client name and description %s are stored and returned as the same text, or refused with a message',
    async (_label, text) => {
      const projectId = (await owner.post<{ id: number }>('/api/projects', {})).body.id;
      const before = await snapshotDatabase(t.db);
      const response = await owner.patch<{ clientName?: string; description?: string; message?: string }>(`/api/projects/${projectId}`, {
        clientName: text,
        description: text,
      });
      if (response.status === 400) {
        // Only text PostgreSQL cannot hold (NUL) may be refused, and then nothing changes.
        expect(text).toContain('\u0000');
        expect(response.body.message).toBeTruthy();
        expect(diffSnapshots(before, await snapshotDatabase(t.db))).toEqual([]);
        return;
      }
      expect(response.status, response.text).toBe(200);
      const read = await owner.get<{ clientName: string; description: string }>(`/api/projects/${projectId}?images=url`);
      expect(read.body.clientName).toBe(text.trim());
      expect(read.body.description).toBe(text.trim());
    },
  );
});
