// One entry of the API's route table: what a client sends and what it gets back. The
// server registers its routes from these entries, /api/openapi.json is built from them, and the
// web's client (src/web/lib/api) is generated from them.
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A member's role in their business. */
export type BusinessRole = 'owner' | 'manager' | 'cleaner';
export type MemberAccess = 'member' | 'manager' | 'owner';
export type RouteAccess = 'public' | 'admin' | MemberAccess;

/** The roles each member access admits. */
export const ROLES_ADMITTED: Record<MemberAccess, readonly BusinessRole[]> = {
  member: ['owner', 'manager', 'cleaner'],
  manager: ['owner', 'manager'],
  owner: ['owner'],
};

export interface RouteDef {
  method: HttpMethod;
  /** Fastify-style pattern under /api, e.g. /api/projects/:id */
  path: `/api/${string}`;
  /** One line for the OpenAPI document. */
  summary: string;
  /**
   * Who may call it, the one place that says so (the server checks it before the handler runs):
   * anyone; the admin session; or a signed-in member of a business with at least this role
   * ('member': any member, 'manager': a manager or the owner, 'owner': the owner only).
   */
  access: RouteAccess;
  params?: z.ZodType;
  query?: z.ZodType;
  /** Request headers the route reads (names as documented; HTTP matches them in any case). */
  headers?: z.ZodType;
  /** The JSON body. */
  body?: z.ZodType;
  /** Non-JSON bodies the route takes as raw bytes (photo and logo uploads). */
  rawBodyTypes?: readonly string[];
  /** The success status; 200 when not given. */
  status?: 200 | 201 | 202 | 302;
  /** The status of a repeated request (the same Idempotency-Key) that answers with what the first one made. */
  repeatStatus?: 200;
  /** The JSON answer; a route without one answers with a file (fileTypes) or a redirect (302). */
  response?: z.ZodType;
  /** Content types of a file answer (PDF, image, CSV). */
  fileTypes?: readonly string[];
}

/** Keeps the entry's literal types (method, path, schemas) for the typed client and handlers. */
export function defineRoute<const R extends RouteDef>(route: R): R {
  return route;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** Path parameters as a client fills them in: any value that prints as the id. */
export type RouteParams<R extends RouteDef> = R['params'] extends z.ZodType ? { [K in keyof z.input<R['params']>]: string | number } : undefined;
export type RouteQuery<R extends RouteDef> = R['query'] extends z.ZodType ? InputOf<R['query']> : undefined;
/** A JSON body, or raw bytes for routes that take them. */
export type RouteBody<R extends RouteDef> =
  (R['body'] extends z.ZodType ? InputOf<R['body']> : never) | (R['rawBodyTypes'] extends readonly string[] ? Blob : never);

/** The parsed JSON answer, or the raw Response for a file answer or a redirect. */
export type RouteResult<R extends RouteDef> = R['response'] extends z.ZodType ? z.output<R['response']> : Response;
