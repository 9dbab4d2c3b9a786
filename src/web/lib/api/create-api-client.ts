// The typed client's core: one function per entry of the route table, its types from
// the table, its URL from the generated copy. What a failed answer does beyond throwing is the
// caller's rule: the signed-in app's 401/402 handling (lib/api.ts); the client link's page, which
// calls only public routes, has none and stays free of the app's query cache and toasts.
// JSON answers are checked against the table's schemas in development and tests; the production
// build only casts them, so zod stays out of the first-load JavaScript (decision 014).
import type { z } from 'zod';
import type { RouteBody, RouteDef, RouteParams, RouteQuery, RouteResult } from '@shared/contract/route';
import type { ApiRoutes } from '@shared/contract/routes';
import { ApiError, apiRequest } from '../api-client';
import { API_ROUTES } from './api-routes.generated';
import { apiPath, type ApiRouteName } from './api-paths';

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
  /** Extra request headers (the upload queue's Idempotency-Key). */
  headers?: Record<string, string>;
  /** A raw-bytes body's progress, 0 to 1 (the request then goes by XMLHttpRequest). */
  onUploadProgress?: (fraction: number) => void;
}

type CallArgs<R extends RouteDef> = keyof CallInput<R> extends never
  ? [input?: CallInput<R>, options?: CallOptions]
  : [input: CallInput<R>, options?: CallOptions];

export type ApiClient = { [K in ApiRouteName]: (...args: CallArgs<ApiRoutes[K]>) => Promise<RouteResult<ApiRoutes[K]>> };

/** Runs before a failed call's error is thrown (it may mark the error handled). */
export type FailureRule = (access: RouteDef['access'], error: ApiError, options: CallOptions) => Promise<void>;

type RawInput = { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown };

let origin = '';
/** Tests in Node call a server on another origin; the browser app uses its own. */
export function setApiOrigin(value: string): void {
  origin = value;
}

function urlOf(name: ApiRouteName, input: RawInput): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) if (value !== undefined) query.set(key, String(value));
  const search = query.toString();
  return `${origin}${apiPath(name, input.params)}${search ? `?${search}` : ''}`;
}

/** Development and tests: the answer must match the table's schema (loaded only then). */
async function checkAnswer(name: ApiRouteName, data: unknown): Promise<unknown> {
  if (!import.meta.env.DEV) return data;
  const { apiRoutes } = await import('@shared/contract/routes');
  const schema = (apiRoutes[name] as RouteDef).response;
  return schema ? schema.parse(data) : data;
}

export function createApiClient(onFailure?: FailureRule): ApiClient {
  async function callApi(name: ApiRouteName, input: RawInput = {}, options: CallOptions = {}): Promise<unknown> {
    const route = API_ROUTES[name];
    let response: Response;
    try {
      response = await apiRequest(route.method, urlOf(name, input), input.body, {
        signal: options.signal,
        keepalive: options.keepalive,
        headers: options.headers,
        onUploadProgress: options.onUploadProgress,
      });
    } catch (error) {
      if (error instanceof ApiError && onFailure) await onFailure(route.access, error, options);
      throw error;
    }
    if (route.answer !== 'json') return response;
    const text = await response.text();
    return checkAnswer(name, text ? (JSON.parse(text) as unknown) : undefined);
  }
  // One function per entry; its types come from the table (ApiClient), its behaviour is callApi's.
  return Object.fromEntries(
    (Object.keys(API_ROUTES) as ApiRouteName[]).map((name) => [name, (input?: RawInput, options?: CallOptions) => callApi(name, input, options)]),
  ) as unknown as ApiClient;
}
