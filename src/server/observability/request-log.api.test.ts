// What the log says: no query string, no Authorization or Cookie header, no token or
// password anywhere; and one structured line per security event, with the actor but no secret.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../test-support/test-app.js';
import { registerUser, uniqueEmail, type TestClient } from '../test-support/test-client.js';
import { RATE_LIMITS } from '../lib/rate-limit-rules.js';
import { redactQuery } from './request-log.js';

let t: TestApp;
let lines: string[] = [];

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  t = await startTestApp({ env: { LOG_LEVEL: 'info' }, logStream: stream });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

type LogLine = Record<string, unknown> & { req?: { url?: string }; event?: string; msg?: string };
const parsed = (): LogLine[] => lines.map((line) => JSON.parse(line) as LogLine);
const events = (name: string) => parsed().filter((line) => line.event === name);

describe('the request log', () => {
  it('never prints a query string, a bearer token or a cookie', async () => {
    lines = [];
    const secretToken = 'reset-token-that-must-not-be-logged';
    const client = t.client();
    await registerUser(client);
    const bearer = t.client();
    bearer.bearerToken = 'bearer-token-that-must-not-be-logged';
    await bearer.get('/api/user');
    await client.get(`/api/projects?token=${secretToken}`);
    await t.client().get(`/reset-password?token=${secretToken}`);
    const text = lines.join('\n');
    expect(text).not.toContain(secretToken);
    expect(text).not.toContain('bearer-token-that-must-not-be-logged');
    expect(text).not.toContain(client.cookies.get('cp_session') ?? 'no cookie?');
    expect(parsed().some((line) => line.req?.url === '/api/projects?[redacted]')).toBe(true);
  });

  it('never prints a client link token: /r/{token} and /api/shared/{token}/… are logged without it', async () => {
    lines = [];
    const linkToken = 'client-link-token-that-must-not-be-logged';
    await t.client().get(`/r/${linkToken}`);
    await t.client().get(`/api/shared/${linkToken}`);
    await t.client().get(`/api/shared/${linkToken}/photos/3/thumbnail`);
    expect(lines.join('\n')).not.toContain(linkToken);
    const urls = parsed().map((line) => line.req?.url);
    expect(urls).toContain('/r/[redacted]');
    expect(urls).toContain('/api/shared/[redacted]/photos/3/thumbnail');
  });

  it('redacts the query, keeping the path', () => {
    expect(redactQuery('/reset-password?token=abc')).toBe('/reset-password?[redacted]');
    expect(redactQuery('/api/projects/7')).toBe('/api/projects/7');
  });
});

describe('security events', () => {
  it('logs a failed and a locked sign-in with the address and user id, never the email or password', async () => {
    lines = [];
    const { email, user } = await registerUser(t.client());
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerAccount.max; i++)
      await t.client({ address: '203.0.113.77' }).post('/api/login', { email, password: `wrong-password-${i}` });
    const failed = events('login_failed');
    expect(failed).toHaveLength(RATE_LIMITS.loginFailuresPerAccount.max - 1);
    expect(failed[0]).toMatchObject({ ip: '203.0.113.77', userId: user.id });
    expect(events('login_locked')).toHaveLength(1);
    expect(lines.join('\n')).not.toContain(email);
    expect(lines.join('\n')).not.toContain('wrong-password-');
  });

  it('logs a refused origin, a wrong admin password and a rate-limit refusal', async () => {
    lines = [];
    await t.client().post('/api/login', { email: uniqueEmail(), password: 'x' }, { headers: { origin: 'https://evil.example' } });
    expect(events('origin_refused')).toHaveLength(1);
    await t.client().post('/api/admin/verify', { password: `not-${TEST_ADMIN_PASSWORD}` });
    expect(events('admin_verify_failed')).toHaveLength(1);
    const office = () => t.client({ address: '203.0.113.78' });
    for (let i = 0; i <= RATE_LIMITS.forgotPasswordPerAddress.max; i++) await office().post('/api/forgot-password', { email: uniqueEmail() });
    expect(events('rate_limited')).toEqual([expect.objectContaining({ ip: '203.0.113.78', limit: 'forgot-password-address' })]);
  });

  it('logs a client refused again and again once per window, while the metric counts every refusal', async () => {
    const refusals = async () => {
      const { text } = await t.client().get('/metrics');
      return Number(/^cleanproof_rate_limit_refusals_total\{limit="login-address"\} (\d+)/m.exec(text)?.[1] ?? 0);
    };
    const before = await refusals();
    lines = [];
    const flooder = () => t.client({ address: '203.0.113.79' });
    const { max } = RATE_LIMITS.loginPerAddress;
    const attempt = (client: TestClient) => client.post('/api/login', { email: uniqueEmail(), password: 'bogus password' });
    // At once: each failed sign-in is answered after a pause, and the counts are atomic either way.
    await Promise.all(Array.from({ length: max }, () => attempt(flooder())));
    const refused = await Promise.all(Array.from({ length: 10 }, () => attempt(flooder())));
    expect(refused.map((answer) => answer.status)).toEqual(Array(10).fill(429));
    expect(events('rate_limited')).toEqual([expect.objectContaining({ ip: '203.0.113.79', limit: 'login-address' })]);
    expect((await refusals()) - before).toBe(10);
    // Another address refused is logged on its own.
    await Promise.all(Array.from({ length: max + 1 }, () => attempt(t.client({ address: '203.0.113.80' }))));
    expect(events('rate_limited').map((line) => line.ip)).toEqual(['203.0.113.79', '203.0.113.80']);
  });
});
