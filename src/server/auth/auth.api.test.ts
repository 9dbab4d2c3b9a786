import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { registerUser, uniqueEmail } from '../test-support/test-client.js';
import { sql } from 'drizzle-orm';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const countUsers = async () => (await t.query<{ n: number }>(sql`select count(*)::int as n from users`))[0]?.n;

describe('registration', () => {
  it('creates the account, signs the user in, and sets a 14-day trial', async () => {
    const client = t.client();
    const { user, email } = await registerUser(client, { businessName: '  Shine Bright  ' });
    expect(user).toMatchObject({ email, businessName: 'Shine Bright' });
    const body = user as unknown as { createdAt: string; trialEndsAt: string; passwordHash?: string };
    expect(body.passwordHash).toBeUndefined();
    expect(new Date(body.trialEndsAt).getTime() - new Date(body.createdAt).getTime()).toBe(14 * 24 * 3600 * 1000);
    const me = await client.get<{ email: string }>('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);
  });

  it('refuses a second account with the same email in any case with 409', async () => {
    const email = uniqueEmail();
    await registerUser(t.client(), { email });
    const before = await countUsers();
    const again = await t.client().post<{ message: string }>('/api/register', {
      email: email.toUpperCase(),
      password: 'another1',
      confirmPassword: 'another1',
      businessName: 'Other',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already exists/);
    expect(await countUsers()).toBe(before);
  });

  it.each([
    [{ email: 'not-an-email', password: 'secret1', confirmPassword: 'secret1', businessName: 'B' }, /valid email/],
    [{ email: 'a@b.co', password: 'short', confirmPassword: 'short', businessName: 'B' }, /at least 6/],
    [{ email: 'a@b.co', password: 'secret1', confirmPassword: 'secret2', businessName: 'B' }, /do not match/],
    [{ email: 'a@b.co', password: 'secret1', confirmPassword: 'secret1', businessName: '   ' }, /cannot be empty/],
    [{ email: 'a@b.co', password: 'secret1', confirmPassword: 'secret1', businessName: 'x'.repeat(51) }, /at most 50/],
    [{ email: 'a@b.co', password: 'secret1', confirmPassword: 'secret1' }, /required/i],
  ])('refuses bad registration %# with a clear 400 and creates nothing', async (payload, message) => {
    const before = await countUsers();
    const response = await t.client().post<{ message: string }>('/api/register', payload);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
    expect(await countUsers()).toBe(before);
  });
});

describe('login and sessions', () => {
  it('returns the user and an authToken that works on its own as a bearer token', async () => {
    const { email, password } = await registerUser(t.client());
    const client = t.client();
    const login = await client.post<{ email: string; authToken: string }>('/api/login', { email, password });
    expect(login.status).toBe(200);
    expect(login.body.email).toBe(email);
    expect(login.body.authToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const bearerOnly = t.client();
    bearerOnly.bearerToken = login.body.authToken;
    expect((await bearerOnly.get('/api/user')).status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(200); // the cookie alone
  });

  it('rejects a wrong password and an unknown email alike with 401', async () => {
    const { email } = await registerUser(t.client());
    const wrong = await t.client().post<{ message: string }>('/api/login', { email, password: 'wrong-password' });
    const unknown = await t.client().post<{ message: string }>('/api/login', { email: uniqueEmail(), password: 'whatever' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('logout ends the session for the cookie and the bearer token alike', async () => {
    const { email, password } = await registerUser(t.client());
    const client = t.client();
    const login = await client.post<{ authToken: string }>('/api/login', { email, password });
    const bearer = t.client();
    bearer.bearerToken = login.body.authToken;
    const cookieValue = client.cookies.get('cp_session');
    expect((await client.post('/api/logout')).status).toBe(200);
    expect((await bearer.get('/api/user')).status).toBe(401);
    const replay = t.client();
    replay.cookies.set('cp_session', cookieValue ?? '');
    expect((await replay.get('/api/user')).status).toBe(401);
  });

  it('logout tells the browser to drop its cache (Clear-Site-Data), so kept photos do not outlive the session', async () => {
    const client = t.client();
    await registerUser(client);
    const logout = await client.post('/api/logout');
    expect(logout.status).toBe(200);
    expect(logout.headers.get('clear-site-data')).toBe('"cache"');
  });

  it('GET /api/user is 401 with a message when signed out', async () => {
    const response = await t.client().get<{ message: string }>('/api/user');
    expect(response.status).toBe(401);
    expect(response.body.message).toBeTruthy();
  });

  it('GET /api/login redirects to /auth', async () => {
    const response = await t.client().get('/api/login');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/auth');
  });

  it('stores sessions only as hashes', async () => {
    const { email, password } = await registerUser(t.client());
    const login = await t.client().post<{ authToken: string }>('/api/login', { email, password });
    const rows = await t.query<{ token_hash: string }>(sql`select token_hash from sessions`);
    expect(rows.some((r) => r.token_hash === login.body.authToken)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const { email, password } = await registerUser(t.client());
    const response = await fetch(`${t.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('cp_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // Plain http (APP_URL http://…): a Secure cookie would never come back; the https case is in cookies-and-headers.api.test.ts.
    expect(cookie).not.toMatch(/;\s*Secure/i);
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('cross-origin protection', () => {
  it('refuses a cookie-authenticated state change from another origin, and allows our own', async () => {
    const client = t.client();
    await registerUser(client);
    const forged = await client.post<{ message: string }>('/api/logout', undefined, { headers: { origin: 'https://evil.example' } });
    expect(forged.status).toBe(403);
    expect(forged.body.message).toBeTruthy();
    // An empty bearer header authenticates nothing, so the cookie is still what counts and is checked.
    const emptyBearer = await client.post('/api/logout', undefined, { headers: { origin: 'https://evil.example', authorization: 'Bearer ' } });
    expect(emptyBearer.status).toBe(403);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await client.post('/api/logout')).status).toBe(200);
  });
});

describe('login CSRF: the routes that issue a session check the origin, cookie or not', () => {
  const foreign = { origin: 'https://evil.example' };
  it('refuses a cross-origin login with 403 and issues no session', async () => {
    const { email, password } = await registerUser(t.client());
    const visitor = t.client();
    const forged = await visitor.post<{ message: string }>('/api/login', { email, password }, { headers: foreign });
    expect(forged.status).toBe(403);
    expect(forged.body.message).toMatch(/CleanProof app itself/);
    expect(forged.headers.getSetCookie()).toEqual([]);
    // A browser that says the request is cross-site is refused too, Origin or not.
    const crossSite = await t.client().post('/api/login', { email, password }, { headers: { 'sec-fetch-site': 'cross-site' }, noOrigin: true });
    expect(crossSite.status).toBe(403);
  });

  it('refuses a cross-origin registration, reset and admin unlock, and creates nothing', async () => {
    const before = await countUsers();
    const email = uniqueEmail();
    const register = await t
      .client()
      .post('/api/register', { email, password: 'secret1', confirmPassword: 'secret1', businessName: 'Forged' }, { headers: foreign });
    expect(register.status).toBe(403);
    expect(await countUsers()).toBe(before);
    expect((await t.client().post('/api/reset-password', { token: 'x'.repeat(43), password: 'new password' }, { headers: foreign })).status).toBe(403);
    const admin = await t.client().post('/api/admin/verify', { password: 'test-admin-password' }, { headers: foreign });
    expect(admin.status).toBe(403);
    expect(admin.headers.getSetCookie()).toEqual([]);
  });

  it('still signs in a client that sends no Origin (not a browser, so not a forgery)', async () => {
    const { email, password } = await registerUser(t.client());
    expect((await t.client().post('/api/login', { email, password }, { noOrigin: true })).status).toBe(200);
  });
});

describe('bad requests', () => {
  it('answers malformed JSON with a 400 message', async () => {
    const response = await t.client().post<{ message: string }>('/api/login', undefined, { raw: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/JSON/);
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const response = await t.client().get<{ message: string }>('/api/nope');
    expect(response.status).toBe(404);
    expect(response.body.message).toMatch(/No API route/);
  });
});
