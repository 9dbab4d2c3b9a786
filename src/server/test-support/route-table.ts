// Discovers the routes the app really registers, so the hardening suites cover every route that
// exists today and fail loudly (naming the route) when a new one arrives without a table entry.
// Fastify announces each new instance on the 'fastify.initialization' diagnostics channel before
// any plugin runs; an onRoute hook added there sees every route buildApp() registers.
import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import type { RouteDef } from '../../shared/contract/route.js';

export interface DiscoveredRoute {
  method: string;
  /** The route's full URL pattern, e.g. /api/projects/:id */
  url: string;
  /** Path parameter names in order, e.g. ['id'] */
  params: string[];
  /** The route table entry it was registered from (addRoute), if any. */
  contractRoute?: RouteDef;
}

/** Every time a route's handler was called, by routeKey: a spy on the handlers themselves. */
export type HandlerCalls = Map<string, number>;

/** "METHOD /url/:param": the key of a route in the hardening tables. */
export const routeKey = (route: Pick<DiscoveredRoute, 'method' | 'url'>): string => `${route.method} ${route.url}`;

/**
 * Runs start() (which builds the app, e.g. startTestApp) and returns what it returned plus every
 * route registered while it ran (HEAD twins of GET routes left out).
 */
export async function withRouteDiscovery<T>(start: () => Promise<T>): Promise<{ result: T; routes: DiscoveredRoute[]; handlerCalls: HandlerCalls }> {
  const routes: DiscoveredRoute[] = [];
  const handlerCalls: HandlerCalls = new Map();
  const channel = diagnostics.channel('fastify.initialization');
  const onInit = (message: unknown) => {
    const fastify = (message as { fastify: FastifyInstance }).fastify;
    fastify.addHook('onRoute', (options) => {
      const methods = Array.isArray(options.method) ? options.method : [options.method];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        routes.push({ method, url: options.url, params: paramNames(options.url), contractRoute: options.config?.contractRoute });
      }
      // onRoute may change a route's options before Fastify binds them: count every handler call.
      const handler: RouteHandlerMethod = options.handler;
      const key = routeKey({ method: methods.find((method) => method !== 'HEAD') ?? String(methods[0]), url: options.url });
      options.handler = function countedHandler(this: FastifyInstance, request, reply) {
        handlerCalls.set(key, (handlerCalls.get(key) ?? 0) + 1);
        return handler.call(this, request, reply);
      };
    });
  };
  channel.subscribe(onInit);
  try {
    const result = await start();
    return { result, routes: dedupe(routes), handlerCalls };
  } finally {
    channel.unsubscribe(onInit);
  }
}

/** The API routes (under /api) among the discovered ones, sorted for stable test names. */
export function apiRoutes(routes: DiscoveredRoute[]): DiscoveredRoute[] {
  return routes.filter((route) => route.url.startsWith('/api/')).sort((a, b) => routeKey(a).localeCompare(routeKey(b)));
}

/** Fills :params in a URL pattern; values are URL-encoded. */
export function fillPath(url: string, values: Record<string, string>): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for :${name} in ${url}`);
    return encodeURIComponent(value);
  });
}

function paramNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
}

function dedupe(routes: DiscoveredRoute[]): DiscoveredRoute[] {
  const seen = new Map<string, DiscoveredRoute>();
  for (const route of routes) seen.set(routeKey(route), route);
  return [...seen.values()];
}
