// The route table runs the server: every API route the app registers comes from a table entry
// (through addRoute), its access is enforced before its handler runs, and a JSON body is parsed
// with the entry's schema before its handler runs. Walks the whole table and every route the app
// really registers, with a spy on each handler, so a route added outside the table, or one that
// forgets its access or schema, fails here by name.
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRoutes as table } from '../../shared/contract/routes.js';
import type { RouteDef } from '../../shared/contract/route.js';
import { startTestApp } from '../test-support/test-app.js';
import type { TestClient } from '../test-support/test-client.js';
import { apiRoutes, fillPath, routeKey, withRouteDiscovery } from '../test-support/route-table.js';
import { diffSnapshots, snapshotDatabase } from '../hardening/support/db-snapshot.js';
import { ownerWithSharedReport } from '../test-support/share-link-helpers.js';
import { HttpError } from './http-errors.js';
import { checkInput } from './validation.js';

const { result: t, routes: discovered, handlerCalls } = await withRouteDiscovery(() => startTestApp());
const registered = apiRoutes(discovered);
const entries = Object.entries(table) as [string, RouteDef][];
const keyOf = (route: RouteDef) => routeKey({ method: route.method, url: route.path });
const isRegistered = (route: RouteDef) => registered.some((found) => routeKey(found) === keyOf(route));

afterAll(async () => {
  await t.close();
});

type ErrorBody = { code: string; message: string };
const CODE = /^[a-z][a-z0-9_]*$/;

/** Path values of the right shape (the id of a report that exists for the signed-in case). */
function pathOf(route: RouteDef, id = '1', token = 'no-such-token'): string {
  return fillPath(route.path, { id, token, photoId: '1', areaId: '1' });
}

/** What a client might send: JSON for a JSON body, a few bytes for a raw one. */
function sendAs(route: RouteDef, json: unknown): { json?: unknown; raw?: Buffer; headers?: Record<string, string> } {
  if (route.body) return { json };
  if (route.rawBodyTypes?.[0]) return { raw: Buffer.from([0xff, 0xd8, 0xff]), headers: { 'content-type': route.rawBodyTypes[0] } };
  return {};
}

async function call<T>(client: TestClient, route: RouteDef, path: string, json?: unknown) {
  const input = sendAs(route, json ?? {});
  return client.request<T>(route.method, path, input.json, { raw: input.raw, headers: input.headers });
}

describe('the route table runs the server', () => {
  it('registers every API route from a table entry, with the entry’s method and path', () => {
    const outside = registered.filter((route) => route.contractRoute === undefined || keyOf(route.contractRoute) !== routeKey(route)).map(routeKey);
    expect(outside).toEqual([]);
    // Every entry is served; the Stripe webhook only with Stripe keys (the test app runs the sandbox).
    const missing = entries.filter(([name, route]) => name !== 'receiveBillingWebhook' && !isRegistered(route)).map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('refuses every non-public route to an anonymous caller with 401 { code, message } before its handler runs, changing nothing', async () => {
    const guarded = entries.filter(([, route]) => route.access !== 'public' && isRegistered(route));
    expect(guarded.length).toBeGreaterThan(20);
    const before = await snapshotDatabase(t.db);
    for (const [name, route] of guarded) {
      const response = await call<ErrorBody>(t.client(), route, pathOf(route));
      expect({ name, status: response.status }).toEqual({ name, status: 401 });
      expect(Object.keys(response.body).sort()).toEqual(['code', 'message']);
      expect(response.body.code).toMatch(CODE);
      expect(response.body.code).toBe(route.access === 'admin' ? 'admin_required' : 'not_signed_in');
      expect(response.body.message.length).toBeGreaterThan(0);
      expect({ name, handlerCalls: handlerCalls.get(keyOf(route)) ?? 0 }).toEqual({ name, handlerCalls: 0 });
    }
    expect(diffSnapshots(before, await snapshotDatabase(t.db))).toEqual([]);
  });

  it('answers a field of the wrong type in every JSON body with the 400 { code, message } of the table’s schema, before the handler runs', async () => {
    const withBody = entries.filter(([, route]) => route.body !== undefined && isRegistered(route));
    expect(withBody.map(([name]) => name)).toEqual(
      expect.arrayContaining(['register', 'login', 'createProject', 'updateProject', 'addPhoto', 'createPhotoPair', 'createShareLink', 'verifyAdmin']),
    );
    // A report with a live client link: a link's routes look the link up before they read the body.
    const { owner: client, project, link } = await ownerWithSharedReport(t, { pairCount: 1 });
    const before = await snapshotDatabase(t.db);
    for (const [name, route] of withBody) {
      // Every field of the entry's body, each an object where the schema wants text, a number or a choice.
      const wrong = Object.fromEntries(fieldsOf(route.body!).map((field) => [field, { wrong: true }]));
      const expected = schemaRefusal(route.body!, wrong);
      const calledBefore = handlerCalls.get(keyOf(route)) ?? 0;
      const response = await call<ErrorBody>(client, route, pathOf(route, String(project.id), link.token), wrong);
      expect({ name, status: response.status, body: response.body }).toEqual({ name, status: 400, body: expected });
      expect(response.body.code).toMatch(CODE);
      expect({ name, handlerCalls: handlerCalls.get(keyOf(route)) ?? 0 }).toEqual({ name, handlerCalls: calledBefore });
    }
    expect(diffSnapshots(before, await snapshotDatabase(t.db))).toEqual([]);
  });
});

/** The fields of a body schema: an object's, or a union's first form (a template: new, or a copy). */
function fieldsOf(schema: z.ZodType): string[] {
  const object = schema instanceof z.ZodUnion ? (schema.options[0] as z.ZodType) : schema;
  return Object.keys((object as z.ZodObject).shape);
}

/** The { code, message } the entry's own schema gives for this body. */
function schemaRefusal(schema: z.ZodType, body: unknown): ErrorBody {
  const refusal = checkInput(schema, body);
  if (!(refusal instanceof HttpError)) throw new Error('the schema took a body of the wrong types');
  return { code: refusal.code, message: refusal.message };
}
