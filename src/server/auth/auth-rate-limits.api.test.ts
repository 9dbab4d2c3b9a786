// Login, forgot-password and reset-password are rate limited: 429 with a message a person can act on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { registerUser, uniqueEmail } from '../test-support/test-client.js';
import { AUTH_RATE_LIMITS } from './rate-limits.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('auth rate limits', () => {
  it('stops login guesses at one account after the limit, even with the right password, but not other accounts', async () => {
    const { email, password } = await registerUser(t.client());
    for (let i = 0; i < AUTH_RATE_LIMITS.login; i++) {
      expect((await t.client().post('/api/login', { email, password: `guess-${i}` })).status).toBe(401);
    }
    const blocked = await t.client().post<{ message: string }>('/api/login', { email, password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many attempts\. Please wait \d+ minutes and try again\.$/);

    const other = await registerUser(t.client());
    expect((await t.client().post('/api/login', { email: other.email, password: other.password })).status).toBe(200);
  });

  it('limits reset link requests per email', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < AUTH_RATE_LIMITS['forgot-password']; i++) {
      expect((await t.client().post('/api/forgot-password', { email })).status).toBe(200);
    }
    const blocked = await t.client().post<{ message: string }>('/api/forgot-password', { email });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many attempts/);
  });

  it('limits reset attempts from one address', async () => {
    for (let i = 0; i < AUTH_RATE_LIMITS['reset-password']; i++) {
      expect((await t.client().post('/api/reset-password', { token: `guess-${i}`, password: 'new password' })).status).toBe(400);
    }
    const blocked = await t.client().post<{ message: string }>('/api/reset-password', { token: 'one-more', password: 'new password' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many attempts/);
  });
});
