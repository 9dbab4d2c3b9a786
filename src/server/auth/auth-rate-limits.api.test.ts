// The limits on sign-in, registration and password reset: each keyed on what it
// protects, behind a proxy (TRUST_PROXY) as well as directly, each 429 with Retry-After and a
// message a person can act on, and a password-hash queue that refuses instead of hanging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { registerUser, uniqueEmail, type TestClient } from '../test-support/test-client.js';
import { RATE_LIMITS } from '../lib/rate-limit-rules.js';
import { issueResetToken } from './password-reset.js';
import { errorMessage } from '../../shared/error-codes.js';
import { sql } from 'drizzle-orm';
import { passwordQueue } from './passwords.js';

const INVALID_LOGIN_MESSAGE = errorMessage('invalid_login');
const PASSWORD_QUEUE_FULL_MESSAGE = errorMessage('sign_in_queue_full');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const WAIT_MESSAGE = /^Too many attempts\. Please wait \d+ minutes? and try again\.$/;

function expectRefused(response: { status: number; headers: Headers; body: unknown }) {
  expect(response.status).toBe(429);
  expect((response.body as { message: string }).message).toMatch(WAIT_MESSAGE);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
}

const login = (client: TestClient, email: string, password: string) => client.post<{ message: string }>('/api/login', { email, password });

describe('sign-in', () => {
  it('limits attempts per address whatever the email, without touching other addresses', async () => {
    const office = () => t.client({ address: '203.0.113.10' });
    const { max } = RATE_LIMITS.loginPerAddress;
    // At once: each failed sign-in is answered after a pause, and the count is atomic either way.
    const answers = await Promise.all(Array.from({ length: max }, () => login(office(), uniqueEmail('nobody'), 'guess')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(max).fill(401));
    expectRefused(await login(office(), uniqueEmail('nobody'), 'guess'));
    const { email, password } = await registerUser(t.client());
    expect((await login(t.client(), email, password)).status).toBe(200);
  });

  it('locks an account after too many wrong passwords from anywhere, answering exactly as a wrong password', async () => {
    const { email, password } = await registerUser(t.client());
    const { max } = RATE_LIMITS.loginFailuresPerAccount;
    const wrong = await login(t.client(), email, 'wrong-1');
    const rest = await Promise.all(Array.from({ length: max - 1 }, (_, i) => login(t.client(), email, `wrong-${i + 2}`)));
    expect(rest.map((answer) => answer.status)).toEqual(Array(max - 1).fill(401));
    // Locked: the right password, from a fresh address, gets the wrong-password answer.
    const locked = await login(t.client(), email, password);
    expect(locked.status).toBe(401);
    expect(locked.body).toEqual(wrong.body);
    expect(locked.body.message).toBe(INVALID_LOGIN_MESSAGE);
    expect(locked.headers.getSetCookie()).toEqual([]);
    // Another account is not touched, and an unknown email is counted the same way (no oracle).
    const other = await registerUser(t.client());
    expect((await login(t.client(), other.email, other.password)).status).toBe(200);
  });

  it('counts the email in any case and with spaces as one account', async () => {
    const { email, password } = await registerUser(t.client());
    const { max } = RATE_LIMITS.loginFailuresPerAccount;
    const answers = await Promise.all(Array.from({ length: max }, (_, i) => login(t.client(), i % 2 ? email.toUpperCase() : ` ${email} `, 'wrong')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(max).fill(401));
    expect((await login(t.client(), email, password)).status).toBe(401);
  });
});

describe('registration', () => {
  it('limits new accounts per address', async () => {
    const office = () => t.client({ address: '203.0.113.20' });
    const { max } = RATE_LIMITS.registerPerAddress;
    for (let i = 0; i < max; i++) await registerUser(office());
    const refused = await office().post('/api/register', {
      email: uniqueEmail(),
      password: 'correct horse',
      confirmPassword: 'correct horse',
      businessName: 'One Too Many',
    });
    expectRefused(refused);
    await registerUser(t.client());
  });
});

describe('password reset', () => {
  it('limits reset mails per address and per email', async () => {
    const office = () => t.client({ address: '203.0.113.30' });
    for (let i = 0; i < RATE_LIMITS.forgotPasswordPerAddress.max; i++)
      expect((await office().post('/api/forgot-password', { email: uniqueEmail() })).status).toBe(200);
    expectRefused(await office().post('/api/forgot-password', { email: uniqueEmail() }));

    const email = uniqueEmail();
    for (let i = 0; i < RATE_LIMITS.forgotPasswordPerEmail.max; i++) expect((await t.client().post('/api/forgot-password', { email })).status).toBe(200);
    expectRefused(await t.client().post('/api/forgot-password', { email: email.toUpperCase() }));
  });

  it('lets one address reset many accounts (an office), more than the old shared cap of 10', async () => {
    const office = () => t.client({ address: '203.0.113.31' });
    const accounts = [];
    for (let i = 0; i < 12; i++) accounts.push(await registerUser(t.client()));
    for (const account of accounts) {
      const issued = await issueResetToken(t.db, account.email, new Date());
      const reset = await office().post('/api/reset-password', { token: issued?.token, password: 'brand new secret' });
      expect(reset.status).toBe(200);
      expect((await login(t.client(), account.email, 'brand new secret')).status).toBe(200);
    }
  });

  it('limits tries of one reset link, whatever the address', async () => {
    const token = 'not-a-real-token-but-long-enough';
    for (let i = 0; i < RATE_LIMITS.resetPasswordPerToken.max; i++)
      expect((await t.client().post('/api/reset-password', { token, password: 'new password' })).status).toBe(400);
    expectRefused(await t.client().post('/api/reset-password', { token, password: 'new password' }));
    expect((await t.client().post('/api/reset-password', { token: `${token}-other`, password: 'new password' })).status).toBe(400);
  });
});

describe('client addresses (TRUST_PROXY)', () => {
  /** Uses up one address's sign-in budget; returns the first refusal's status. */
  async function exhaustLogins(client: () => TestClient): Promise<void> {
    const { max } = RATE_LIMITS.loginPerAddress;
    const answers = await Promise.all(Array.from({ length: max }, () => login(client(), uniqueEmail('nobody'), 'guess')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(max).fill(401));
    expectRefused(await login(client(), uniqueEmail('nobody'), 'guess'));
  }

  it('with TRUST_PROXY=1, gives two X-Forwarded-For clients separate budgets', async () => {
    const proxied = await startTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      await exhaustLogins(() => proxied.client({ address: '192.0.2.1' }));
      expect((await login(proxied.client({ address: '192.0.2.2' }), uniqueEmail('nobody'), 'guess')).status).toBe(401);
    } finally {
      await proxied.close();
    }
  });

  it('without TRUST_PROXY, ignores X-Forwarded-For: every client is the socket address', async () => {
    const direct = await startTestApp({ env: { TRUST_PROXY: '' } });
    try {
      await exhaustLogins(() => direct.client({ address: '192.0.2.1' }));
      expectRefused(await login(direct.client({ address: '192.0.2.2' }), uniqueEmail('nobody'), 'guess'));
    } finally {
      await direct.close();
    }
  });

  it('groups IPv6 clients by /64', async () => {
    const sameNetwork = (host: number) => t.client({ address: `2001:db8:aa:bb::${host.toString(16)}` });
    let host = 1;
    await exhaustLogins(() => sameNetwork(host++));
    expect((await login(t.client({ address: '2001:db8:aa:bc::1' }), uniqueEmail('nobody'), 'guess')).status).toBe(401);
  });
});

/** Accounts whose wrong passwords make up a flood that reaches the hash queue: each takes this many before its lockout. */
async function accountsToGuess(count: number): Promise<string[]> {
  return Promise.all(Array.from({ length: count }, async () => (await registerUser(t.client())).email));
}

describe('the password-hash queue', () => {
  it('answers a flood of wrong passwords from one address with 503 and Retry-After at once, while a real sign-in completes', async () => {
    const { email, password } = await registerUser(t.client());
    const targets = await accountsToGuess(6);
    const flood = Array.from({ length: 60 }, (_, i) => login(t.client({ address: '203.0.113.66' }), targets[i % targets.length]!, 'bogus password'));
    const real = login(t.client(), email, password);
    const [realAnswer, floodAnswers] = await Promise.all([real, Promise.all(flood)]);
    expect(realAnswer.status).toBe(200);
    const busy = floodAnswers.filter((answer) => answer.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]?.body.message).toBe(PASSWORD_QUEUE_FULL_MESSAGE);
    expect(Number(busy[0]?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(floodAnswers.every((answer) => [401, 429, 503].includes(answer.status))).toBe(true);
  });

  it('answers a flood of wrong passwords from many addresses without hanging, and serves again right after', async () => {
    const { email, password } = await registerUser(t.client());
    const targets = await accountsToGuess(12);
    const answers = await Promise.all(Array.from({ length: 120 }, (_, i) => login(t.client(), targets[i % targets.length]!, 'bogus password')));
    expect(answers.every((answer) => answer.status === 401 || answer.status === 503)).toBe(true);
    expect((await login(t.client(), email, password)).status).toBe(200);
  });

  it('spends no hash on a sign-in for an email with no account, or for a deactivated member; a wrong password for an account spends one', async () => {
    const before = passwordQueue.done;
    const answers = await Promise.all(Array.from({ length: 40 }, () => login(t.client(), uniqueEmail('nobody'), 'bogus password')));
    expect(answers.every((answer) => answer.status === 401 && answer.body.message === INVALID_LOGIN_MESSAGE)).toBe(true);
    const { email, user } = await registerUser(t.client());
    const afterRegistering = passwordQueue.done;
    expect(afterRegistering - before).toBe(1);
    await t.query(sql`update users set active = false where id = ${user.id}`);
    expect((await login(t.client(), email, 'bogus password')).status).toBe(401);
    expect(passwordQueue.done).toBe(afterRegistering);

    const other = await registerUser(t.client());
    const wrong = await login(t.client(), other.email, 'bogus password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(answers[0]!.body);
    expect(passwordQueue.done - afterRegistering).toBe(2);
  });
});
