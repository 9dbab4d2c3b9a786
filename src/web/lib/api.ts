// The one typed client (issue 16): every call to the API goes through `api.<route name>(input)`,
// generated from the route table. It owns what a 401 and a 402 do, so no screen decides it again:
//  - 401 on a signed-in user's route: 'Unauthorized', then a new sign-in (unauthorized.ts). The
//    admin screens' routes and the current-user lookup opt out (spec §7: that one yields no user).
//  - 402: the subscription status is fetched again (the banner and upgrade offers appear at once)
//    and one toast says why, worded by accessBlockedReason (src/shared/access-blocked.ts).
// Either way the error is still thrown, marked handled (isHandledByClient), for the caller's state.
// JSON answers are checked against the table's schemas in development and tests; the production
// build only casts them, so zod stays out of the first-load JavaScript (decision 014).
import type { z } from 'zod';
import type { SubscriptionStatus } from '@shared/contract/billing';
import type { RouteBody, RouteDef, RouteParams, RouteQuery, RouteResult } from '@shared/contract/route';
import type { ApiRoutes } from '@shared/contract/routes';
import { accessBlockedDescription } from '@shared/access-blocked';
import { ApiError, apiRequest } from './api-client';
import { API_ROUTES } from './api/api-routes.generated';
import { apiPath, type ApiRouteName } from './api/api-paths';
import { queryClient } from './query-client';
import { SUBSCRIPTION_STATUS_QUERY_KEY, USER_QUERY_KEY } from './query-keys';
import { toast } from './toast';
import { handleUnauthorized } from './unauthorized';

type Nothing = Record<never, never>;
type HasBody<R extends RouteDef> = R['body'] extends z.ZodType ? true : R['rawBodyTypes'] extends readonly string[] ? true : false;

export type CallInput<R extends RouteDef> = (R['params'] extends z.ZodType ? { params: RouteParams<R> } : Nothing) &
  (R['query'] extends z.ZodType ? { query?: RouteQuery<R> } : Nothing) &
  (HasBody<R> extends true ? { body: RouteBody<R> } : Nothing);

export interface CallOptions {
  signal?: AbortSignal;
  /** 'throw': this caller handles a 401 itself (the current-user lookup). */
  on401?: 'throw';
  /** Let the request outlive the page (a delete sent as the page is left). */
  keepalive?: boolean;
  /** Said after why access ended in the 402 toast, instead of what to do (e.g. that a photo is kept). */
  accessBlockedNote?: string;
}

type CallArgs<R extends RouteDef> = keyof CallInput<R> extends never ? [input?: CallInput<R>, options?: CallOptions] : [input: CallInput<R>, options?: CallOptions];

export type ApiClient = { [K in ApiRouteName]: (...args: CallArgs<ApiRoutes[K]>) => Promise<RouteResult<ApiRoutes[K]>> };

let origin = '';
/** Tests in Node call a server on another origin; the browser app uses its own. */
export function setApiOrigin(value: string): void {
  origin = value;
}

function urlOf(name: ApiRouteName, input: { params?: Record<string, string | number>; query?: Record<string, unknown> }): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) if (value !== undefined) query.set(key, String(value));
  const search = query.toString();
  return `${origin}${apiPath(name, input.params)}${search ? `?${search}` : ''}`;
}

async function callApi(name: ApiRouteName, input: { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown } = {}, options: CallOptions = {}): Promise<unknown> {
  const route = API_ROUTES[name];
  let response: Response;
  try {
    response = await apiRequest(route.method, urlOf(name, input), input.body, { signal: options.signal, keepalive: options.keepalive });
  } catch (error) {
    if (error instanceof ApiError) await handleFailure(route.access, error, options);
    throw error;
  }
  if (route.answer !== 'json') return response;
  const text = await response.text();
  return checkAnswer(name, text ? (JSON.parse(text) as unknown) : undefined);
}

/** Development and tests: the answer must match the table's schema (loaded only then). */
async function checkAnswer(name: ApiRouteName, data: unknown): Promise<unknown> {
  if (!import.meta.env.DEV) return data;
  const { apiRoutes } = await import('@shared/contract/routes');
  const schema = (apiRoutes[name] as RouteDef).response;
  return schema ? schema.parse(data) : data;
}

async function handleFailure(access: RouteDef['access'], error: ApiError, options: CallOptions): Promise<void> {
  // Signed out on purpose (the cache says nobody is): a late 401 needs no new sign-in.
  const signedOut = queryClient.getQueryData(USER_QUERY_KEY) === null;
  if (error.status === 401 && access === 'user' && options.on401 !== 'throw' && !signedOut) {
    error.handled = true;
    handleUnauthorized();
  } else if (error.status === 402) {
    error.handled = true;
    await notifyAccessBlocked(options.accessBlockedNote);
  }
}

/** Re-reads the status (every screen showing access follows), then says why access ended. */
export async function notifyAccessBlocked(note?: string): Promise<void> {
  const status = await queryClient
    .fetchQuery<SubscriptionStatus>({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY, queryFn: () => api.getSubscriptionStatus(), staleTime: 0 })
    .catch(() => undefined);
  toast({ title: 'Upgrade to Pro', description: accessBlockedDescription(status?.accessBlockedReason, note), variant: 'destructive' });
}

// One function per entry; its types come from the table (ApiClient), its behaviour is callApi's.
export const api = Object.fromEntries(
  (Object.keys(API_ROUTES) as ApiRouteName[]).map((name) => [name, (input?: Parameters<typeof callApi>[1], options?: CallOptions) => callApi(name, input, options)]),
) as unknown as ApiClient;
