// The device cookie (OWASP "Blocking Brute Force Attacks"): a browser that has signed in is
// remembered for that account; its sign-ins skip the per-address limit and the account lockout
// that guesses from elsewhere fill, and its own wrong passwords are counted per device.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { registerUser, type TestClient } from '../test-support/test-client.js';
import { RATE_LIMITS } from '../lib/rate-limit-rules.js';
import { DEVICE_COOKIE } from './device-cookie.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const signIn = (client: TestClient, email: string, password: string) => client.post<{ code?: string }>('/api/login', { email, password });

/** Uses up an address's sign-ins with made-up emails, all at once (each failure is answered after a pause). */
async function floodFrom(flooder: TestClient): Promise<void> {
  await Promise.all(Array.from({ length: RATE_LIMITS.loginPerAddress.max }, (_, i) => signIn(flooder, `bogus-${i}@example.com`, 'bogus password')));
}

/** A new account, and a browser at `address` that has signed in to it once (so it holds its device cookie, and no session). */
async function knownDevice(address?: string) {
  const { email, password } = await registerUser(t.client());
  const device = t.client(address ? { address } : {});
  expect((await signIn(device, email, password)).status).toBe(200);
  device.cookies.delete('cp_session');
  return { email, password, device };
}

describe('device cookie', () => {
  it('is given at sign-in: HttpOnly, SameSite=Strict, sent only to /api/login, signed', async () => {
    const { email, password } = await registerUser(t.client());
    const browser = t.client();
    const response = await signIn(browser, email, password);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${DEVICE_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/login/);
    expect(browser.cookies.get(DEVICE_COOKIE)).toMatch(/^\d+\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
  });

  it('skips the per-address limit for its own account, and only for it', async () => {
    const address = '203.0.113.77';
    const { email, password, device } = await knownDevice(address);
    const other = await registerUser(t.client());
    // A flood from the same address uses up the address's sign-ins.
    const flooder = t.client({ address });
    await floodFrom(flooder);
    expect((await signIn(flooder, email, password)).status).toBe(429);

    expect((await signIn(device, email, password)).status).toBe(200);
    // The cookie is this account's: for another account the address's limit applies.
    expect((await signIn(device, other.email, other.password)).status).toBe(429);
  });

  it('a forged or altered cookie counts for nothing', async () => {
    const address = '203.0.113.78';
    const { email, password, device } = await knownDevice(address);
    const flooder = t.client({ address });
    await floodFrom(flooder);
    const value = device.cookies.get(DEVICE_COOKIE)!;
    const forged = t.client({ address });
    forged.cookies.set(DEVICE_COOKIE, `${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`);
    expect((await signIn(forged, email, password)).status).toBe(429);
  });

  it('the account lockout does not lock a known device out; an unknown one stays locked out', async () => {
    const { email, password, device } = await knownDevice();
    const guesses = await Promise.all(Array.from({ length: RATE_LIMITS.loginFailuresPerAccount.max + 1 }, (_, i) => signIn(t.client(), email, `guess ${i}`)));
    expect(guesses.every((answer) => answer.status === 401)).toBe(true);
    expect((await signIn(t.client(), email, password)).status).toBe(401);
    expect((await signIn(device, email, password)).status).toBe(200);
  });

  it("counts a known device's own wrong passwords: past them it is under the account lockout like any device", async () => {
    const { email, password, device } = await knownDevice();
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerDevice.max; i += 1) expect((await signIn(device, email, `guess ${i}`)).status).toBe(401);
    // Its own budget is spent; guesses from elsewhere now lock the account, the device included.
    const others = await Promise.all(Array.from({ length: RATE_LIMITS.loginFailuresPerAccount.max }, (_, i) => signIn(t.client(), email, `other ${i}`)));
    expect(others.every((answer) => answer.status === 401)).toBe(true);
    expect((await signIn(device, email, password)).status).toBe(401);
  });
});
