// A small HTTP client for API tests: keeps the session cookie like a browser, and sends the
// app's own Origin on state-changing requests like the SPA does. Each client is a person at their
// own address: the test app trusts loopback as its proxy (TRUST_PROXY), and each client sends its
// own X-Forwarded-For, as a reverse proxy would for different visitors.
export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Raw body (Buffer or string) instead of JSON. */
  raw?: Buffer | string;
  /** Leave the Origin header out (to test the CSRF guard). */
  noOrigin?: boolean;
}

let addressCounter = 0;

/** A documentation-range address (TEST-NET-2) of its own for each new client. */
export function uniqueClientAddress(): string {
  addressCounter += 1;
  return `198.51.${(addressCounter >> 8) % 256}.${addressCounter % 256}`;
}

export interface TestClientOptions {
  /** The client's address as the proxy reports it; null sends no X-Forwarded-For (a direct connection). */
  address?: string | null;
}

export class TestClient {
  readonly cookies = new Map<string, string>();
  bearerToken: string | undefined;
  readonly address: string | null;

  constructor(
    readonly baseUrl: string,
    options: TestClientOptions = {},
  ) {
    this.address = options.address === undefined ? uniqueClientAddress() : options.address;
  }

  async request<T = unknown>(method: string, path: string, json?: unknown, options: RequestOptions = {}): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...(this.address ? { 'x-forwarded-for': this.address } : {}), ...options.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.bearerToken) headers.authorization = `Bearer ${this.bearerToken}`;
    if (method !== 'GET' && method !== 'HEAD' && !options.noOrigin) headers.origin ??= this.baseUrl;
    let body: Buffer | string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(json);
    }
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: typeof body === 'string' || body === undefined ? body : new Uint8Array(body),
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie) || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get('content-type')?.includes('application/json') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, undefined, options);
  }
  post<T = unknown>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, json, options);
  }
  patch<T = unknown>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, json, options);
  }
  put<T = unknown>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, json, options);
  }
  delete<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, undefined, options);
  }
}

let counter = 0;
/** A unique email per call, so tests never collide. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Registers a new user through the API and returns a client signed in as them. */
export async function registerUser(client: TestClient, overrides: Partial<{ email: string; password: string; businessName: string }> = {}) {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'correct horse';
  const response = await client.post<{ id: number; email: string }>('/api/register', {
    email,
    password,
    confirmPassword: password,
    businessName: overrides.businessName ?? 'Sparkle Cleaning',
  });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${response.text}`);
  return { email, password, user: response.body };
}
