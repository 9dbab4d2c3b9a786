import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../test-support/test-app.js';
import { registerUser, type TestClient } from '../test-support/test-client.js';
import { RATE_LIMITS } from '../lib/rate-limit-rules.js';

const ADMIN_VERIFY_MAX_FAILURES = RATE_LIMITS.adminVerifyFailuresPerAddress.max;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const countAdminSessions = async () => (await t.query<{ n: number }>(sql`select count(*)::int as n from admin_sessions`))[0]?.n;

async function unlock(client: TestClient) {
  const response = await client.post<{ unlocked: boolean; expiresAt: string }>('/api/admin/verify', { password: TEST_ADMIN_PASSWORD });
  expect(response.status).toBe(200);
  return response;
}

const PROTECTED = ['/api/admin/analytics', '/api/admin/users.csv'];

describe('unlocking with the shared admin password', () => {
  it('starts locked', async () => {
    const response = await t.client().get<{ unlocked: boolean; expiresAt: string | null }>('/api/admin/session');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ unlocked: false, expiresAt: null });
  });

  it('refuses a wrong password with 401 and the spec text, and grants nothing', async () => {
    const before = await countAdminSessions();
    const client = t.client();
    const response = await client.post<{ message: string }>('/api/admin/verify', { password: `${TEST_ADMIN_PASSWORD}x` });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Invalid admin password.');
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await countAdminSessions()).toBe(before);
    expect((await client.get('/api/admin/analytics')).status).toBe(401);
  });

  it.each([[{}], [{ password: '' }], [{ password: 42 }], [{ password: 'x'.repeat(201) }]])('refuses a malformed body %j with a 400 message', async (body) => {
    const response = await t.client().post<{ message: string }>('/api/admin/verify', body);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/admin password/);
  });

  it('unlocks with the right password: an HttpOnly, SameSite=Strict cookie that expires in 8 hours', async () => {
    const client = t.client();
    const response = await unlock(client);
    expect(response.body.unlocked).toBe(true);
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^cp_admin=[A-Za-z0-9_-]{40,};/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api\/admin/);
    const expires = new Date(/Expires=([^;]+)/i.exec(cookie ?? '')?.[1] ?? '');
    expect(Math.abs(expires.getTime() - (Date.now() + 8 * 3600_000))).toBeLessThan(60_000);
    expect(Math.abs(new Date(response.body.expiresAt).getTime() - expires.getTime())).toBeLessThan(1000);

    expect((await client.get<{ unlocked: boolean }>('/api/admin/session')).body.unlocked).toBe(true);
    expect((await client.get('/api/admin/analytics')).status).toBe(200);
    expect((await client.get('/api/admin/users.csv')).status).toBe(200);
  });

  it('stores admin sessions only as hashes', async () => {
    const client = t.client();
    await unlock(client);
    const token = client.cookies.get('cp_admin');
    const rows = await t.query<{ token_hash: string }>(sql`select token_hash from admin_sessions`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });
});

describe('who may read analytics and the export', () => {
  it.each(PROTECTED)('refuses %s without an admin session, with a message', async (path) => {
    const response = await t.client().get<{ message: string }>(path);
    expect(response.status).toBe(401);
    expect(response.body.message).toMatch(/admin password/i);
  });

  it.each(PROTECTED)('refuses %s to a signed-in user (cookie and bearer token) without the admin session', async (path) => {
    const { email, password } = await registerUser(t.client());
    const client = t.client();
    const login = await client.post<{ authToken: string }>('/api/login', { email, password });
    expect(login.status).toBe(200);
    client.bearerToken = login.body.authToken;
    expect(client.cookies.has('cp_session')).toBe(true);
    const response = await client.get<{ message: string }>(path);
    expect(response.status).toBe(401);
    expect(response.body.message).toMatch(/admin password/i);
  });

  it.each(PROTECTED)('refuses %s with a made-up or a user-session token as the admin cookie', async (path) => {
    const forged = t.client();
    forged.cookies.set('cp_admin', 'not-a-real-token');
    expect((await forged.get(path)).status).toBe(401);

    const user = t.client();
    await registerUser(user);
    const borrowed = t.client();
    borrowed.cookies.set('cp_admin', user.cookies.get('cp_session') ?? '');
    expect((await borrowed.get(path)).status).toBe(401);
  });

  it('ends the admin session after 8 hours', async () => {
    const client = t.client();
    await unlock(client);
    t.clock.advance(8 * 3600_000 - 60_000);
    expect((await client.get('/api/admin/analytics')).status).toBe(200);
    t.clock.advance(2 * 60_000);
    try {
      expect((await client.get('/api/admin/analytics')).status).toBe(401);
      expect((await client.get<{ unlocked: boolean }>('/api/admin/session')).body.unlocked).toBe(false);
    } finally {
      t.clock.reset();
    }
  });

  it('locks again on logout, and the old cookie no longer works', async () => {
    const client = t.client();
    await unlock(client);
    const token = client.cookies.get('cp_admin') ?? '';
    const logout = await client.post('/api/admin/logout');
    expect(logout.status).toBe(200);
    expect(client.cookies.has('cp_admin')).toBe(false);
    const replay = t.client();
    replay.cookies.set('cp_admin', token);
    expect((await replay.get('/api/admin/analytics')).status).toBe(401);
  });

  it('refuses a cross-site logout that carries the admin cookie', async () => {
    const client = t.client();
    await unlock(client);
    const response = await client.post('/api/admin/logout', undefined, { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect((await client.get('/api/admin/analytics')).status).toBe(200);
  });
});

describe('the rate limit on password guesses', () => {
  // Its own app, and every client at one address: the limit is per client address.
  let limited: TestApp;
  const guesser = () => limited.client({ address: '203.0.113.9' });
  beforeAll(async () => {
    limited = await startTestApp();
  });
  afterAll(async () => {
    await limited.close();
  });

  it('counts only failures, then answers 429 with a message, even for the right password', async () => {
    const client = guesser();
    for (let i = 0; i < 10; i++) expect((await client.post('/api/admin/verify', { password: TEST_ADMIN_PASSWORD })).status).toBe(200);

    for (let i = 0; i < ADMIN_VERIFY_MAX_FAILURES - 1; i++) expect((await client.post('/api/admin/verify', { password: 'guess' })).status).toBe(401);
    // Fifteen requests so far, four failed: the right password still works.
    expect((await guesser().post('/api/admin/verify', { password: TEST_ADMIN_PASSWORD })).status).toBe(200);
    expect((await client.post('/api/admin/verify', { password: 'guess' })).status).toBe(401);

    const blocked = await guesser().post<{ message: string }>('/api/admin/verify', { password: TEST_ADMIN_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many failed attempts\. Please wait \d+ minutes? and try again\./);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.headers.getSetCookie()).toEqual([]);
    expect((await guesser().post('/api/admin/verify', { password: 'guess' })).status).toBe(429);
    // Another address still gets in.
    expect((await limited.client().post('/api/admin/verify', { password: TEST_ADMIN_PASSWORD })).status).toBe(200);
  });

  it('caps wrong passwords from all addresses together, so a guess spread over many addresses is still capped', async () => {
    const spread = await startTestApp();
    try {
      const { max } = RATE_LIMITS.adminVerifyFailuresGlobal;
      for (let i = 0; i < max; i++) expect((await spread.client().post('/api/admin/verify', { password: `guess-${i}` })).status).toBe(401);
      const blocked = await spread.client().post<{ message: string }>('/api/admin/verify', { password: TEST_ADMIN_PASSWORD });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await spread.close();
    }
  });
});
