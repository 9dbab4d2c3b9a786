// Forgot and reset password over real HTTP, with mail in the outbox folder.
// The limits on these routes are tested in auth-rate-limits.api.test.ts.
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { registerUser, uniqueEmail } from '../test-support/test-client.js';
import { decodeQuotedPrintable, findResetLink, waitForOutboxMail } from '../test-support/mail-text.js';
import { hashToken } from '../lib/tokens.js';
import { errorMessage } from '../../shared/error-codes.js';

const FORGOT_PASSWORD_MESSAGE = errorMessage('reset_link_sent');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { APP_URL: 'https://cleanproof.test:8443', MAIL_OUTBOX: 'true', METRICS_TOKEN: 'a-long-metrics-token' } });
}, 180_000);
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  t.clock.reset();
});

const outbox = () => path.join(t.dataDir, 'outbox');

/** Asks for a reset link for this email and returns the token read from the mailed link. */
async function requestResetToken(email: string): Promise<string> {
  const sentAfter = Date.now() - 1;
  const response = await t.client().post<{ message: string }>('/api/forgot-password', { email });
  expect(response.status).toBe(200);
  const link = new URL(findResetLink(await waitForOutboxMail(outbox(), email, { after: sentAfter })));
  return link.searchParams.get('token') ?? '';
}

const tokenRow = async (token: string) => {
  const rows = await t.query<{ used_at: string | null }>(sql`select used_at from password_reset_tokens where token_hash = ${hashToken(token)}`);
  return rows[0];
};

const passwordHashOf = async (email: string) =>
  (await t.query<{ password_hash: string }>(sql`select password_hash from users where email = ${email}`))[0]?.password_hash;

describe('forgot password', () => {
  it('answers an unknown email exactly as a known one, and mails only the known one', async () => {
    const { email } = await registerUser(t.client());
    const unknown = uniqueEmail('nobody');
    const known = await t.client().post<{ message: string }>('/api/forgot-password', { email: email.toUpperCase() });
    const missing = await t.client().post<{ message: string }>('/api/forgot-password', { email: unknown });
    expect(known.status).toBe(200);
    expect(missing.status).toBe(200);
    expect(missing.body).toEqual(known.body);
    expect(known.body.message).toBe(FORGOT_PASSWORD_MESSAGE);

    const mail = await waitForOutboxMail(outbox(), email);
    expect(mail).toMatch(/Subject: Reset your CleanProof password/);
    expect(findResetLink(mail)).toMatch(/^https:\/\/cleanproof\.test:8443\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    // Both mails would have been written by now; the known one was.
    await expect(waitForOutboxMail(outbox(), unknown, { timeoutMs: 300 })).rejects.toThrow(/No mail/);
  });

  it('stores the reset token only as a hash that expires in one hour', async () => {
    const { email } = await registerUser(t.client());
    const token = await requestResetToken(email);
    const rows = await t.query<{ token_hash: string; lifetime_s: number }>(
      sql`select t.token_hash, extract(epoch from (t.expires_at - t.created_at))::int as lifetime_s
          from password_reset_tokens t join users u on u.id = t.user_id where u.email = ${email}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.token_hash).not.toContain(token);
    expect(rows[0]?.lifetime_s).toBe(3600);
  });

  it.each([
    [{}, /Email is required/],
    [{ email: '' }, /Email is required/],
    [{ email: 'not-an-email' }, /valid email/],
    [{ email: 42 }, /Email is required/],
  ])('refuses bad input %# with a clear 400 and stores no token', async (payload, message) => {
    const before = (await t.query<{ n: number }>(sql`select count(*)::int as n from password_reset_tokens`))[0]?.n;
    const response = await t.client().post<{ message: string }>('/api/forgot-password', payload);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
    expect((await t.query<{ n: number }>(sql`select count(*)::int as n from password_reset_tokens`))[0]?.n).toBe(before);
  });
});

describe('reset password', () => {
  it('sets the new password once, ends every session, and refuses the link a second time', async () => {
    const { email, password } = await registerUser(t.client());
    const cookieClient = t.client();
    await cookieClient.post('/api/login', { email, password });
    const bearerClient = t.client();
    bearerClient.bearerToken = (await t.client().post<{ authToken: string }>('/api/login', { email, password })).body.authToken;
    expect((await cookieClient.get('/api/user')).status).toBe(200);

    const token = await requestResetToken(email);
    const reset = await t.client().post<{ message: string }>('/api/reset-password', { token, password: 'brand new secret' });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toMatch(/password has been changed/);

    expect((await cookieClient.get('/api/user')).status).toBe(401);
    expect((await bearerClient.get('/api/user')).status).toBe(401);
    expect((await t.client().post('/api/login', { email, password })).status).toBe(401);
    expect((await t.client().post('/api/login', { email, password: 'brand new secret' })).status).toBe(200);

    const hashAfterReset = await passwordHashOf(email);
    const again = await t.client().post<{ message: string }>('/api/reset-password', { token, password: 'another secret' });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/already been used/);
    expect(await passwordHashOf(email)).toBe(hashAfterReset);
  });

  it('refuses a link older than one hour and keeps the old password', async () => {
    const { email, password } = await registerUser(t.client());
    const token = await requestResetToken(email);
    t.clock.advance(60 * 60 * 1000 + 1000);
    const response = await t.client().post<{ message: string }>('/api/reset-password', { token, password: 'too late now' });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/expired/);
    t.clock.reset();
    expect((await t.client().post('/api/login', { email, password })).status).toBe(200);
    expect((await tokenRow(token))?.used_at).toBeNull();
  });

  it('lets exactly one of several simultaneous requests use a link', async () => {
    const { email } = await registerUser(t.client());
    const token = await requestResetToken(email);
    const attempts = await Promise.all(
      ['first try 1', 'second try 2', 'third try 3'].map((password) => t.client().post<{ message: string }>('/api/reset-password', { token, password })),
    );
    expect(attempts.map((a) => a.status).sort()).toEqual([200, 400, 400]);
    const winner = ['first try 1', 'second try 2', 'third try 3'][attempts.findIndex((a) => a.status === 200)];
    expect((await t.client().post('/api/login', { email, password: winner })).status).toBe(200);
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const { email, password } = await registerUser(t.client());
    const signedIn = t.client();
    await signedIn.post('/api/login', { email, password });
    const token = await requestResetToken(email);
    const hashBefore = await passwordHashOf(email);

    const cases: [unknown, RegExp][] = [
      [{ token, password: 'short' }, /at least 6 characters/],
      [{ password: 'long enough' }, /Reset token is required/],
      [{ token: 'not-a-real-token', password: 'long enough' }, /not valid/],
    ];
    for (const [payload, message] of cases) {
      const response = await t.client().post<{ message: string }>('/api/reset-password', payload);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(message);
    }
    const malformed = await t
      .client()
      .post<{ message: string }>('/api/reset-password', undefined, { raw: '{"token":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);

    expect(await passwordHashOf(email)).toBe(hashBefore);
    expect((await tokenRow(token))?.used_at).toBeNull();
    expect((await signedIn.get('/api/user')).status).toBe(200);
  });
});

describe("the reset email in the user's language", () => {
  it('is written in Spanish for a user whose language is Spanish, and in English otherwise', async () => {
    const spanish = t.client();
    const { email } = await registerUser(spanish);
    expect((await spanish.patch('/api/user/preferences', { locale: 'es' })).status).toBe(200);
    const sentAfter = Date.now() - 1;
    expect((await t.client().post('/api/forgot-password', { email })).status).toBe(200);
    const mail = decodeQuotedPrintable(await waitForOutboxMail(outbox(), email, { after: sentAfter }));
    expect(mail).toMatch(/Subject: =\?UTF-8\?|Subject: Restablece tu contrase/);
    expect(mail).toContain('Alguien (esperamos que tú) ha pedido restablecer la contraseña de tu cuenta de CleanProof.');
    expect(mail).toContain('<html lang="es">');
    expect(mail).not.toContain('Someone (hopefully you)');
    expect(findResetLink(mail)).toMatch(/\/reset-password\?token=/);

    const english = await registerUser(t.client());
    const englishSentAfter = Date.now() - 1;
    await t.client().post('/api/forgot-password', { email: english.email });
    const englishMail = decodeQuotedPrintable(await waitForOutboxMail(outbox(), english.email, { after: englishSentAfter }));
    expect(englishMail).toContain('Someone (hopefully you) asked to reset the password of your CleanProof account.');
  });
});
