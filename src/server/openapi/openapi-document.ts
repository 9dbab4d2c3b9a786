// /api/openapi.json: an OpenAPI 3.1 document built from the route table, so it lists
// exactly the routes the server registers. zod 4 writes JSON Schema 2020-12, the dialect OpenAPI
// 3.1 uses (decision 014).
import { z } from 'zod';
import { ErrorResponseSchema } from '../../shared/contract/common.js';
import type { RouteDef } from '../../shared/contract/route.js';
import { PRODUCT_NAME } from '../../shared/rules.js';
import { SESSION_COOKIE } from '../auth/sessions.js';
import { ADMIN_COOKIE } from '../admin/admin-sessions.js';

type JsonSchema = Record<string, unknown>;

/** Request schemas as a client writes them (before defaults and transforms), answers as it reads them. */
function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

/** /api/projects/:id -> /api/projects/{id} */
export function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function parameters(route: RouteDef): JsonSchema[] {
  const list: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', route.params],
    ['query', route.query],
    ['header', route.headers],
  ] as const) {
    if (!schema) continue;
    const object = toJsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      list.push({ name, in: where, required: where === 'path' || (object.required ?? []).includes(name), schema: property });
    }
  }
  return list;
}

function requestBody(route: RouteDef): JsonSchema | undefined {
  const content: Record<string, JsonSchema> = {};
  if (route.body) content['application/json'] = { schema: toJsonSchema(route.body, 'input') };
  for (const type of route.rawBodyTypes ?? []) content[type] ??= { schema: { type: 'string', contentMediaType: type } };
  return Object.keys(content).length > 0 ? { required: !route.body || route.rawBodyTypes === undefined, content } : undefined;
}

function successResponse(route: RouteDef): JsonSchema {
  if (route.status === 302) return { description: 'Redirect', headers: { location: { schema: { type: 'string' } } } };
  if (route.response) return { description: route.summary, content: { 'application/json': { schema: toJsonSchema(route.response, 'output') } } };
  return {
    description: route.summary,
    content: Object.fromEntries((route.fileTypes ?? []).map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])),
  };
}

const SECURITY: Record<RouteDef['access'], JsonSchema[] | undefined> = {
  member: [{ sessionCookie: [] }, { bearerToken: [] }],
  manager: [{ sessionCookie: [] }, { bearerToken: [] }],
  owner: [{ sessionCookie: [] }, { bearerToken: [] }],
  admin: [{ adminCookie: [] }],
  public: undefined,
};

export function buildOpenApiDocument(routes: Record<string, RouteDef>, serverUrl: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const error = {
    description: 'The request was refused; the message says why',
    content: { 'application/json': { schema: toJsonSchema(ErrorResponseSchema, 'output') } },
  };
  for (const [operationId, route] of Object.entries(routes)) {
    const operation: JsonSchema = {
      operationId,
      summary: route.summary,
      tags: [route.path.split('/')[2] ?? 'api'],
      parameters: parameters(route),
      responses: {
        [String(route.status ?? 200)]: successResponse(route),
        ...(route.repeatStatus
          ? {
              [String(route.repeatStatus)]: {
                ...successResponse(route),
                description: 'A repeat of an earlier request (the same Idempotency-Key): what it stored',
              },
            }
          : {}),
        '4XX': error,
      },
    };
    const body = requestBody(route);
    if (body) operation.requestBody = body;
    const security = SECURITY[route.access];
    if (security) operation.security = security;
    (paths[toOpenApiPath(route.path)] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${PRODUCT_NAME} API`,
      version: '1.0.0',
      description: 'Errors are JSON { code, message } with a 4xx status: code is stable, message is English.',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        bearerToken: { type: 'http', scheme: 'bearer' },
        adminCookie: { type: 'apiKey', in: 'cookie', name: ADMIN_COOKIE },
      },
    },
  };
}
