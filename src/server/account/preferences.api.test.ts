// PATCH /api/user/preferences (issues 13, 15): the language and the IANA time zone; GET /api/user returns both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { registerUser, uniqueEmail } from '../test-support/test-client.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

type Preferences = { locale: string; timeZone: string };
const stored = async (email: string) =>
  (await t.query<{ locale: string; time_zone: string }>(sql`select locale, time_zone from users where email = ${email}`))[0];

describe('registration', () => {
  it('starts in English and UTC when the browser sends neither', async () => {
    const client = t.client();
    const { user } = await registerUser(client);
    expect(user).toMatchObject({ locale: 'en', timeZone: 'UTC' });
    expect((await client.get<Preferences>('/api/user')).body).toMatchObject({ locale: 'en', timeZone: 'UTC' });
  });

  it("keeps the browser's language and time zone", async () => {
    const client = t.client();
    const email = uniqueEmail();
    const response = await client.post<Preferences>('/api/register', {
      email,
      password: 'correct horse',
      confirmPassword: 'correct horse',
      businessName: 'Limpiezas Sol',
      locale: 'es',
      timeZone: 'Europe/Madrid',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ locale: 'es', timeZone: 'Europe/Madrid' });
    expect(await stored(email)).toEqual({ locale: 'es', time_zone: 'Europe/Madrid' });
  });

  it('refuses an unknown time zone with a 400 and creates no account', async () => {
    const client = t.client();
    const email = uniqueEmail();
    const response = await client.post<{ message: string }>('/api/register', {
      email,
      password: 'correct horse',
      confirmPassword: 'correct horse',
      businessName: 'Nowhere Co',
      timeZone: 'Mars/Olympus_Mons',
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Time zone must be an IANA time zone name, such as Europe/Madrid');
    expect(await stored(email)).toBeUndefined();
  });
});

describe('PATCH /api/user/preferences', () => {
  it('changes the language alone, then the time zone alone, and GET /api/user returns both', async () => {
    const client = t.client();
    const { email } = await registerUser(client);
    const locale = await client.patch<Preferences>('/api/user/preferences', { locale: 'es' });
    expect(locale.status).toBe(200);
    expect(locale.body).toMatchObject({ locale: 'es', timeZone: 'UTC' });
    const zone = await client.patch<Preferences>('/api/user/preferences', { timeZone: 'America/Mexico_City' });
    expect(zone.body).toMatchObject({ locale: 'es', timeZone: 'America/Mexico_City' });
    expect((await client.get<Preferences>('/api/user')).body).toMatchObject({ locale: 'es', timeZone: 'America/Mexico_City' });
    expect(await stored(email)).toEqual({ locale: 'es', time_zone: 'America/Mexico_City' });
  });

  it('stores the canonical spelling of a zone', async () => {
    const client = t.client();
    await registerUser(client);
    expect((await client.patch<Preferences>('/api/user/preferences', { timeZone: 'europe/madrid' })).body.timeZone).toBe('Europe/Madrid');
  });

  it.each([
    [{ locale: 'fr' }, 'Language must be one of: en, es'],
    [{ locale: 'es-ES' }, 'Language must be one of: en, es'],
    [{ locale: 42 }, 'Language must be one of: en, es'],
    [{ timeZone: 'Not/AZone' }, 'Time zone must be an IANA time zone name, such as Europe/Madrid'],
    [{ timeZone: '+01:00' }, 'Time zone must be an IANA time zone name, such as Europe/Madrid'],
    [{ timeZone: 'x'.repeat(65) }, 'Time zone must be an IANA time zone name, such as Europe/Madrid'],
    [{ locale: 'es', timeZone: 'Nowhere' }, 'Time zone must be an IANA time zone name, such as Europe/Madrid'],
    [{}, 'Send a locale, a timeZone, or both'],
    [{ locale: 'es', businessName: 'Sneaky' }, 'Only locale and timeZone can be changed here'],
  ])('refuses %j with a clear 400 and changes nothing', async (body, message) => {
    const client = t.client();
    const { email } = await registerUser(client, { businessName: 'Keep Me' });
    const response = await client.patch<{ message: string }>('/api/user/preferences', body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await stored(email)).toEqual({ locale: 'en', time_zone: 'UTC' });
    expect((await client.get<{ businessName: string }>('/api/user')).body.businessName).toBe('Keep Me');
  });

  it('asks for sign-in (401) without a session', async () => {
    expect((await t.client().patch('/api/user/preferences', { locale: 'es' })).status).toBe(401);
  });

  it("changes only the signed-in user's preferences", async () => {
    const alice = t.client();
    const { email: aliceEmail } = await registerUser(alice);
    const bob = t.client();
    const { email: bobEmail } = await registerUser(bob);
    await bob.patch('/api/user/preferences', { locale: 'es', timeZone: 'Europe/Madrid' });
    expect(await stored(aliceEmail)).toEqual({ locale: 'en', time_zone: 'UTC' });
    expect(await stored(bobEmail)).toEqual({ locale: 'es', time_zone: 'Europe/Madrid' });
  });
});
