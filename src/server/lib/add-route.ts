// Registers a route from its entry in the route table (src/shared/contract/routes.ts) and runs
// the entry, so a handler cannot drift from it:
//   1. `access` is enforced before anything else, even before the body is read: 401
//      `not_signed_in` (or `admin_required`) without the session it needs, 403 `forbidden` for a
//      role the entry does not admit;
//   2. params, query, headers and the JSON body are parsed with the entry's schemas (a bad field
//      is a 400 `{ code, message }`);
//   3. the handler gets `{ user, params, query, headers, body, request, reply }`, typed from the
//      entry, and answers; the API tests check the answer against `response` (response-check.ts).
// Everything Fastify-specific (rate limits, body limits, more hooks) comes from the options given
// here; their onRequest hooks run after the access check, so they may key on the user.
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { ROLES_ADMITTED, type BusinessRole, type MemberAccess, type RouteDef } from '../../shared/contract/route.js';
import type { UserRow } from '../db/schema.js';
import { forbidden, unauthorized } from './http-errors.js';
import { parseInput } from './validation.js';

/** app.ts registers every route plugin under this prefix; the table's paths include it. */
export const API_PREFIX = '/api';

/** A signed-in member (role and businessId on their row), with their business's settings laid over it (auth/members.ts). */
export interface SignedInUser extends UserRow {
  role: BusinessRole;
  /** The account the business's name, logo, trial and subscription are kept on. */
  accountId: number;
}

/** How a request's sessions are found; the auth and admin domains provide it (app.ts). */
export interface RouteAccessResolver {
  /** The signed-in member with their role, or null. */
  findMember(request: FastifyRequest): Promise<SignedInUser | null>;
  /** Whether the request holds a live admin session. */
  hasAdminSession(request: FastifyRequest): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The table entry the route was registered from (the test app checks answers against it). */
    contractRoute?: RouteDef;
  }
  interface FastifyInstance {
    routeAccess: RouteAccessResolver;
  }
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type IsMemberRoute<R extends RouteDef> = R['access'] extends MemberAccess ? true : false;

/** The JSON body as the entry's schema gives it, or the raw bytes of a route that takes them. */
export type RouteBodyOf<R extends RouteDef> =
  | (R['body'] extends z.ZodType ? z.output<R['body']> : R['rawBodyTypes'] extends readonly string[] ? unknown : undefined)
  | (R['rawBodyTypes'] extends readonly string[] ? Buffer : never);

export interface RouteContext<R extends RouteDef> {
  /** The signed-in member on a member route; null on public and admin routes. */
  user: IsMemberRoute<R> extends true ? SignedInUser : null;
  params: Parsed<R['params']>;
  query: Parsed<R['query']>;
  headers: Parsed<R['headers']>;
  body: RouteBodyOf<R>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What a handler may return: the entry's JSON answer, or the reply it has sent (files, 201s, redirects). */
export type RouteReturn<R extends RouteDef> = (R['response'] extends z.ZodType ? z.output<R['response']> : never) | FastifyReply;
export type ContractHandler<R extends RouteDef> = (context: RouteContext<R>) => Promise<RouteReturn<R>>;

const memberOfRequest = new WeakMap<FastifyRequest, SignedInUser>();
const inputOfRequest = new WeakMap<FastifyRequest, { params: unknown; query: unknown; headers: unknown; body: unknown }>();

/**
 * The member the access check admitted, for hooks that run after it (a per-user rate limit's key).
 * Only on member routes.
 */
export function routeUser(request: FastifyRequest): SignedInUser {
  const user = memberOfRequest.get(request);
  if (!user) throw new Error(`${request.method} ${request.url}: routeUser() on a route without member access`);
  return user;
}

function accessCheck(route: RouteDef): onRequestHookHandler | undefined {
  const access = route.access;
  if (access === 'public') return undefined;
  if (access === 'admin') {
    return async (request) => {
      if (!(await request.server.routeAccess.hasAdminSession(request))) throw unauthorized('admin_required');
    };
  }
  const admitted = ROLES_ADMITTED[access];
  return async (request) => {
    const user = await request.server.routeAccess.findMember(request);
    if (!user) throw unauthorized('not_signed_in');
    if (!admitted.includes(user.role)) throw forbidden('forbidden');
    memberOfRequest.set(request, user);
  };
}

/** Request headers named as the schema's keys (HTTP matches names in any case; Node gives them in lowercase). */
function readHeaders(schema: z.ZodType, headers: FastifyRequest['headers']): Record<string, unknown> {
  const shape = (schema as { shape?: Record<string, unknown> }).shape ?? {};
  return Object.fromEntries(Object.keys(shape).map((name) => [name, headers[name.toLowerCase()]]));
}

function readBody(route: RouteDef, body: unknown): unknown {
  // Raw bytes on a route that takes them go to the handler as they are: they are checked by decoding.
  if (route.rawBodyTypes && Buffer.isBuffer(body)) return body;
  return route.body ? parseInput(route.body, body) : body;
}

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

export function addRoute<R extends RouteDef>(app: FastifyInstance, route: R, handler: ContractHandler<R>): void;
export function addRoute<R extends RouteDef>(app: FastifyInstance, route: R, options: RouteShorthandOptions, handler: ContractHandler<R>): void;
export function addRoute<R extends RouteDef>(
  app: FastifyInstance,
  route: R,
  ...rest: [ContractHandler<R>] | [RouteShorthandOptions, ContractHandler<R>]
): void {
  const [options, handler] = rest.length === 1 ? [{}, rest[0]] : rest;
  if (!route.path.startsWith(`${API_PREFIX}/`)) throw new Error(`Route ${route.path} is not under ${API_PREFIX}`);
  const access = accessCheck(route);
  app.route({
    ...options,
    method: route.method,
    url: route.path.slice(API_PREFIX.length),
    config: { ...options.config, contractRoute: route },
    // Access first: a rate limit keyed on the user, and the body, come after it.
    onRequest: [...(access ? [access] : []), ...asArray(options.onRequest)],
    // The input is parsed before the handler is called: a handler only ever sees what its entry allows.
    preHandler: [
      async (request) => {
        inputOfRequest.set(request, {
          params: route.params ? parseInput(route.params, request.params) : undefined,
          query: route.query ? parseInput(route.query, request.query) : undefined,
          headers: route.headers ? parseInput(route.headers, readHeaders(route.headers, request.headers)) : undefined,
          body: readBody(route, request.body),
        });
      },
      ...asArray(options.preHandler),
    ],
    handler: async (request, reply) => {
      const input = inputOfRequest.get(request);
      if (!input) throw new Error(`${route.method} ${route.path}: the handler ran before its input was parsed`);
      return handler({ ...input, user: memberOfRequest.get(request) ?? null, request, reply } as RouteContext<R>);
    },
  });
}
