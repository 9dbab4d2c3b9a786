// /api/openapi.json: a valid OpenAPI 3.1 document that lists every route the app registers.
import { afterAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { startTestApp } from '../test-support/test-app.js';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { apiRoutes as registeredApiRoutes, routeKey, withRouteDiscovery } from '../test-support/route-table.js';
import { toOpenApiPath } from './openapi-document.js';

const { result: t, routes: discovered } = await withRouteDiscovery(() => startTestApp());
afterAll(async () => {
  await t.close();
});

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<string, { operationId: string; parameters: { name: string; in: string }[]; requestBody?: { content: Record<string, unknown> } }>
  >;
}

async function fetchDocument(): Promise<OpenApiDocument> {
  const response = await t.client().get<OpenApiDocument>('/api/openapi.json');
  expect(response.status).toBe(200);
  return response.body;
}

describe('GET /api/openapi.json', () => {
  it('validates as OpenAPI 3.1', async () => {
    const document = await fetchDocument();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every route the app registers, and every route of the table', async () => {
    const document = await fetchDocument();
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const registered = registeredApiRoutes(discovered).map((route) => `${route.method} ${toOpenApiPath(route.url)}`);
    // A discovery that found nothing would make this vacuous.
    expect(registered.length).toBeGreaterThan(20);
    expect(documented).toEqual(expect.arrayContaining(registered));
    expect(documented.sort()).toEqual(
      Object.values(api)
        .map((route) => `${route.method} ${toOpenApiPath(route.path)}`)
        .sort(),
    );
    console.log(`openapi: ${documented.length} operations documented, ${registered.length} registered in sandbox mode`);
  });

  it('documents path parameters, queries and both upload forms of a photo', async () => {
    const upload = (await fetchDocument()).paths['/api/projects/{id}/photos']?.post;
    expect(upload?.operationId).toBe('addPhoto');
    expect(upload?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path' }), expect.objectContaining({ name: 'type', in: 'query' })]),
    );
    expect(Object.keys(upload?.requestBody?.content ?? {})).toEqual(expect.arrayContaining(['application/json', 'image/jpeg']));
  });

  it('registers no API route outside the table', () => {
    const table = new Set(Object.values(api).map((route) => routeKey({ method: route.method, url: route.path })));
    expect(
      registeredApiRoutes(discovered)
        .map(routeKey)
        .filter((key) => !table.has(key)),
    ).toEqual([]);
  });
});
