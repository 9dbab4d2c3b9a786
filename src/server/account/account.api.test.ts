// Business name: PATCH (Business Settings, 'Set Your Business Name') and PUT (/account), spec §5 and §7.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { registerUser } from '../test-support/test-client.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const storedName = async (email: string) =>
  (await t.query<{ business_name: string | null }>(sql`select business_name from users where email = ${email}`))[0]?.business_name;

describe.each(['PATCH', 'PUT'] as const)('%s /api/user/business-name', (method) => {
  it('saves the trimmed name and answers with the updated user (and nothing secret)', async () => {
    const client = t.client();
    const { email } = await registerUser(client, { businessName: 'Old Name' });
    const response = await client.request<Record<string, unknown>>(method, '/api/user/business-name', { businessName: '  Shiny Floors Ltd  ' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ email, businessName: 'Shiny Floors Ltd' });
    expect(response.body.passwordHash).toBeUndefined();
    expect(await storedName(email)).toBe('Shiny Floors Ltd');
    expect((await client.get<{ businessName: string }>('/api/user')).body.businessName).toBe('Shiny Floors Ltd');
  });

  it('accepts exactly 50 characters', async () => {
    const client = t.client();
    const { email } = await registerUser(client);
    const name = 'x'.repeat(50);
    expect((await client.request(method, '/api/user/business-name', { businessName: name })).status).toBe(200);
    expect(await storedName(email)).toBe(name);
  });

  it.each([
    [{ businessName: '   ' }, 'Business name cannot be empty'],
    [{ businessName: 'y'.repeat(51) }, 'Business name must be at most 50 characters'],
    [{}, 'Business name is required'],
    [{ businessName: 42 }, 'Business name is required'],
  ])('refuses %j with a clear 400 and keeps the old name', async (body, message) => {
    const client = t.client();
    const { email } = await registerUser(client, { businessName: 'Keep Me' });
    const response = await client.request<{ message: string }>(method, '/api/user/business-name', body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await storedName(email)).toBe('Keep Me');
  });

  it('asks for sign-in (401) without a session', async () => {
    expect((await t.client().request(method, '/api/user/business-name', { businessName: 'Anyone' })).status).toBe(401);
  });

  it("changes only the signed-in user's name", async () => {
    const alice = t.client();
    const { email: aliceEmail } = await registerUser(alice, { businessName: 'Alice Cleans' });
    const bob = t.client();
    const { email: bobEmail } = await registerUser(bob, { businessName: 'Bob Cleans' });
    await bob.request(method, '/api/user/business-name', { businessName: 'Bob Renamed' });
    expect(await storedName(aliceEmail)).toBe('Alice Cleans');
    expect(await storedName(bobEmail)).toBe('Bob Renamed');
  });
});
