// The HTTP layer under the typed client (api.ts), spec §7: sends cookies, the bearer token from
// localStorage when present, JSON bodies; a failed response becomes an ApiError whose text is
// "status: body text".

/**
 * How a server error is said to the user, by its code: the app installs its translator
 * (i18n/error-text.ts); the client link page, which has no catalogues, keeps the server's words.
 */
type ErrorTranslator = (message: string, code: string | undefined, status: number) => string;
let translateError: ErrorTranslator = (message) => message;
export function setErrorTranslator(translator: ErrorTranslator): void {
  translateError = translator;
}

const AUTH_TOKEN_KEY = 'authToken';

export function getAuthToken(): string | null {
  try {
    return localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}
export function setAuthToken(token: string): void {
  localStorage.setItem(AUTH_TOKEN_KEY, token);
}
export function clearAuthToken(): void {
  try {
    localStorage.removeItem(AUTH_TOKEN_KEY);
  } catch {
    // storage unavailable (private mode): nothing to clear
  }
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  /** Already shown to the user by the client (a 401 that signs in again, a 402 that says why). */
  handled = false;

  /** The server's `{ code, message, state? }`, field by field, when it answered JSON. */
  private get errorBody(): Record<string, unknown> | undefined {
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }

  private bodyField(name: string): string | undefined {
    const value = this.errorBody?.[name];
    return typeof value === 'string' ? value : undefined;
  }

  /** The server's English `message`; a body that is not JSON as it came. */
  get serverMessage(): string | undefined {
    return this.errorBody ? this.bodyField('message') : this.bodyText || undefined;
  }

  /** The stable code of the error (src/shared/error-codes.ts): what the app decides and words by. */
  get serverCode(): string | undefined {
    return this.bodyField('code');
  }

  /** A client link's 410 says whether it expired or was revoked. */
  get goneState(): 'expired' | 'revoked' | undefined {
    const state = this.bodyField('state');
    return state === 'expired' || state === 'revoked' ? state : undefined;
  }

  /** The server's message in the user's language, for showing to a person. */
  get userMessage(): string | undefined {
    const message = this.serverMessage;
    return message === undefined ? undefined : translateError(message, this.serverCode, this.status);
  }
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** True when the client has already told the user (api.ts): callers show nothing more. */
export function isHandledByClient(error: unknown): boolean {
  return error instanceof ApiError && error.handled;
}

/** Human text for an error: the server's message when it sent one. */
export function describeError(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.userMessage ?? fallback;
  return fallback;
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => '');
  throw new ApiError(response.status, text, response.statusText);
}

function authHeaders(): Record<string, string> {
  const token = getAuthToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export interface ApiRequestInit {
  signal?: AbortSignal;
  keepalive?: boolean;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
  /** For a Blob body: called with the share sent so far (the request then goes by XMLHttpRequest). */
  onUploadProgress?: (fraction: number) => void;
}

/** Sends a request; `data` goes as JSON, or as-is when it is a Blob (photo bytes). */
export async function apiRequest(method: string, url: string, data?: unknown, init: ApiRequestInit = {}): Promise<Response> {
  const headers: Record<string, string> = { ...init.headers, ...authHeaders() };
  if (data instanceof Blob && init.onUploadProgress) {
    headers['Content-Type'] = data.type || 'application/octet-stream';
    // Only photo uploads report progress: their code stays out of the first load.
    const { xhrRequest } = await import('./xhr-request');
    const response = await xhrRequest(method, url, { headers, body: data, signal: init.signal, onUploadProgress: init.onUploadProgress });
    await throwIfNotOk(response);
    return response;
  }
  let body: BodyInit | undefined;
  if (data instanceof Blob) {
    headers['Content-Type'] = data.type || 'application/octet-stream';
    body = data;
  } else if (data !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(data);
  }
  const response = await fetch(url, { method, headers, body, credentials: 'include', signal: init.signal, keepalive: init.keepalive });
  await throwIfNotOk(response);
  return response;
}

/** GET and parse JSON. */
export async function apiGet<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await apiRequest('GET', url, undefined, { signal });
  return (await response.json()) as T;
}
