// Registers a route from its entry in the route table (src/shared/contract/routes.ts): the method
// and URL come from the entry, everything Fastify-specific (rate limit, body limit, hooks) from
// the options given here, and the handler stays beside its domain's queries.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { RouteDef } from '../../shared/contract/route.js';

/** app.ts registers every route plugin under this prefix; the table's paths include it. */
export const API_PREFIX = '/api';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The table entry the route was registered from (the test app checks answers against it). */
    contractRoute?: RouteDef;
  }
}

/** What a handler may return: the entry's JSON answer, or the reply it has sent (files, 201s, redirects). */
export type RouteReturn<R extends RouteDef> = (R['response'] extends z.ZodType ? z.output<R['response']> : never) | FastifyReply;
export type ContractHandler<R extends RouteDef> = (request: FastifyRequest, reply: FastifyReply) => Promise<RouteReturn<R>>;

export function addRoute<R extends RouteDef>(app: FastifyInstance, route: R, handler: ContractHandler<R>): void;
export function addRoute<R extends RouteDef>(app: FastifyInstance, route: R, options: RouteShorthandOptions, handler: ContractHandler<R>): void;
export function addRoute<R extends RouteDef>(app: FastifyInstance, route: R, ...rest: [ContractHandler<R>] | [RouteShorthandOptions, ContractHandler<R>]): void {
  const [options, handler] = rest.length === 1 ? [{}, rest[0]] : rest;
  if (!route.path.startsWith(`${API_PREFIX}/`)) throw new Error(`Route ${route.path} is not under ${API_PREFIX}`);
  app.route({
    ...options,
    method: route.method,
    url: route.path.slice(API_PREFIX.length),
    config: { ...options.config, contractRoute: route },
    handler,
  });
}
