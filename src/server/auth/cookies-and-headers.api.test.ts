// The session cookie's flags follow APP_URL, and every answer carries the security headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { uniqueEmail } from '../test-support/test-client.js';

// The plain-http side (no Secure flag, no HSTS) is checked in auth.api.test.ts.
let https: TestApp;
beforeAll(async () => {
  // A public origin: the production checks want an https APP_URL, a long admin password and a mail route.
  https = await startTestApp({ env: { APP_URL: 'https://app.cleanproof.test', MAIL_OUTBOX: 'true', METRICS_TOKEN: 'a-long-metrics-token' } });
}, 180_000);
afterAll(async () => {
  await https?.close();
});

async function registerAndReadCookie(t: TestApp): Promise<string | undefined> {
  const password = 'correct horse';
  const response = await fetch(`${t.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: uniqueEmail(), password, confirmPassword: password, businessName: 'Shine' }),
  });
  expect(response.status).toBe(201);
  return response.headers.getSetCookie().find((c) => c.startsWith('cp_session='));
}

describe('session cookie', () => {
  it('is Secure, HttpOnly and SameSite=Lax when APP_URL is https', async () => {
    const cookie = await registerAndReadCookie(https);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
});

describe('caching of user data', () => {
  it('marks every API answer with user data no-store, and leaves photos their private caching', async () => {
    const client = https.client();
    const password = 'correct horse';
    const registered = await client.post<{ id: number }>('/api/register', { email: uniqueEmail(), password, confirmPassword: password, businessName: 'Shine' });
    expect(registered.headers.get('cache-control')).toBe('no-store');
    for (const path of ['/api/user', '/api/projects', '/api/subscription-status']) {
      const response = await client.get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    const project = await client.post<{ id: number }>('/api/projects', {});
    expect(project.headers.get('cache-control')).toBe('no-store');
    expect((await client.get(`/api/projects/${project.body.id}?images=url`)).headers.get('cache-control')).toBe('no-store');
    // Errors too: a 401 must not be cached in place of the user.
    expect((await https.client().get('/api/user')).headers.get('cache-control')).toBe('no-store');
  });
});

describe('security headers', () => {
  it('sends a strict content security policy and the usual protections', async () => {
    const response = await fetch(`${https.url}/api/user`);
    const csp = response.headers.get('content-security-policy') ?? '';
    const directives = new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toContain("'self'");
    expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
    expect(directives.get('script-src')).not.toContain("'unsafe-eval'");
    // Stripe.js may load, and frame, from its own hosts only (docs.stripe.com/security/guide).
    expect(directives.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(directives.get('frame-src')).toEqual(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
    expect(directives.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('adds HSTS and upgrades insecure requests when APP_URL is https', async () => {
    const response = await fetch(`${https.url}/api/user`);
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(response.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });
});
