// Lockouts that count failures hold against a parallel burst as they do against a slow series:
// each attempt is counted before its password is checked, in memory and in Redis alike.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../test-support/test-app.js';
import { registerUser } from '../test-support/test-client.js';
import { RATE_LIMITS } from '../lib/rate-limit-rules.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const BURST = 200;

/** Password hashes waiting or running on the server, read from its metrics. */
async function hashesInFlight(t: TestApp): Promise<number> {
  const { text } = await t.client().get('/metrics');
  const read = (name: string) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return read('cleanproof_password_queue_length') + read('cleanproof_password_work_running');
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each<{ store: string; env: Record<string, string> }>([
  { store: 'memory', env: {} },
  { store: 'Redis', env: { REDIS_URL } },
])('lockouts under a parallel burst ($store)', ({ env }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env, rateLimitKeyPrefix: `cleanproof-test:${randomUUID()}:` });
  });
  afterAll(async () => {
    await t.close();
  });

  it(`checks at most ${RATE_LIMITS.adminVerifyFailuresPerAddress.max} of ${BURST} parallel admin-password guesses from one address, then refuses the right one`, async () => {
    const address = '203.0.113.150';
    const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => t.client({ address }).post('/api/admin/verify', { password: `guess-${i}` })));
    const checked = answers.filter((answer) => answer.status === 401).length;
    expect(checked).toBe(RATE_LIMITS.adminVerifyFailuresPerAddress.max);
    expect(answers.filter((answer) => answer.status === 429).length).toBe(BURST - checked);
    expect((await t.client({ address }).post('/api/admin/verify', { password: TEST_ADMIN_PASSWORD })).status).toBe(429);
  });

  it(`checks at most ${RATE_LIMITS.adminVerifyFailuresGlobal.max} of ${BURST} parallel guesses spread over as many addresses`, async () => {
    const spread = await startTestApp({ env, rateLimitKeyPrefix: `cleanproof-test:${randomUUID()}:` });
    try {
      const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => spread.client().post('/api/admin/verify', { password: `guess-${i}` })));
      expect(answers.filter((answer) => answer.status === 401).length).toBe(RATE_LIMITS.adminVerifyFailuresGlobal.max);
      expect((await spread.client().post('/api/admin/verify', { password: TEST_ADMIN_PASSWORD })).status).toBe(429);
    } finally {
      await spread.close();
    }
  });

  it('refuses the right sign-in password sent while a burst of wrong ones past the limit is still being checked', async () => {
    const { email, password } = await registerUser(t.client());
    const { max } = RATE_LIMITS.loginFailuresPerAccount;
    let answered = 0;
    const burst = Array.from({ length: BURST }, () =>
      t
        .client()
        .post('/api/login', { email, password: 'wrong password' })
        .then((answer) => {
          answered += 1;
          return answer;
        }),
    );
    // Once the server holds at least the limit's worth of wrong guesses (answered or being hashed),
    // the right password comes in: counted after them, it must be refused like any guess.
    while (answered + (await hashesInFlight(t)) < max) await wait(5);
    const right = await t.client().post('/api/login', { email, password });
    expect(right.status).toBe(401);
    expect(right.headers.getSetCookie()).toEqual([]);
    expect((await Promise.all(burst)).every((answer) => answer.status === 401)).toBe(true);
    expect((await t.client().post('/api/login', { email, password })).status).toBe(401);
  });

  it('lets the right password in after wrong ones below the limit, and successes never add up to a lockout', async () => {
    const { email, password } = await registerUser(t.client());
    const { max } = RATE_LIMITS.loginFailuresPerAccount;
    await Promise.all(Array.from({ length: max - 1 }, () => t.client().post('/api/login', { email, password: 'wrong password' })));
    for (let i = 0; i < max + 2; i++) expect((await t.client().post('/api/login', { email, password })).status).toBe(200);
  });
});
