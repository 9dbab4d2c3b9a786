import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LoginResponse, User } from '../../shared/contract/auth.js';
import type { Project, ProjectSummary } from '../../shared/contract/projects.js';
import type { Team, TeamMember } from '../../shared/contract/team.js';
import { DAY_MS, TEAM_MAX_ACTIVE_MEMBERS } from '../../shared/rules.js';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../test-support/test-app.js';
import { registerUser, uniqueEmail } from '../test-support/test-client.js';
import { addPhoto, createProject } from '../test-support/project-helpers.js';
import { invite, join, startCrew, tokenOf } from '../test-support/crew-helpers.js';
import { makePhotoJpeg } from '../test-support/photo-fixtures.js';
import { inspectPdf } from '../test-support/pdf-inspection.js';
import type { TestClient } from '../test-support/test-client.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the business and its members', () => {
  it('GET /api/user names the role and the business; email is null for a member who joined with a name only', async () => {
    const { owner, cleaner } = await startCrew(t, 'Luz Limpieza');
    expect(owner.user).toMatchObject({ role: 'owner', businessId: expect.any(Number), businessName: 'Luz Limpieza' });
    const me = await cleaner.client.get<User>('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ role: 'cleaner', businessId: owner.user.businessId, email: null, name: 'Ana', businessName: 'Luz Limpieza' });
    // The business's trial, not one of the cleaner's own.
    expect(me.body.trialEndsAt).toBe(owner.user.trialEndsAt);
  });

  it("each member keeps their own language; the time zone is the business's, set by the owner or a manager", async () => {
    const { owner, cleaner } = await startCrew(t);
    expect((await cleaner.client.patch<User>('/api/user/preferences', { locale: 'es' })).body.locale).toBe('es');
    expect((await cleaner.client.patch('/api/user/preferences', { timeZone: 'Europe/Madrid' })).status).toBe(403);
    expect((await owner.client.patch('/api/user/preferences', { timeZone: 'Europe/Madrid' })).status).toBe(200);
    expect((await cleaner.client.get<User>('/api/user')).body).toMatchObject({ locale: 'es', timeZone: 'Europe/Madrid' });
    expect((await owner.client.get<User>('/api/user')).body.locale).toBe('en');
  });

  it('each member changes their own name, which then names their reports and photos', async () => {
    const { owner, cleaner } = await startCrew(t);
    const renamed = await cleaner.client.patch<User>('/api/user/preferences', { name: '  Ana María ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Ana María');
    expect((await cleaner.client.get<User>('/api/user')).body.name).toBe('Ana María');
    expect((await owner.client.get<User>('/api/user')).body.name).toBe(owner.user.name);
    const report = await createProject(cleaner.client, { clientName: 'Renamed' });
    expect((await owner.client.get<ProjectSummary[]>('/api/projects')).body.find((p) => p.id === report.id)?.createdBy?.name).toBe('Ana María');
    const tooLong = await cleaner.client.patch<{ code: string }>('/api/user/preferences', { name: 'x'.repeat(61) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.code).toBe('member_name_invalid');
    expect((await cleaner.client.patch('/api/user/preferences', { name: '   ' })).status).toBe(400);
    expect((await cleaner.client.get<User>('/api/user')).body.name).toBe('Ana María');
  });

  it('GET /api/team lists members and pending invites for the owner and a manager; a cleaner gets 403', async () => {
    const { owner, manager, cleaner } = await startCrew(t);
    const pending = await invite(owner.client, 'cleaner', 'Luis');
    const team = await manager.client.get<Team>('/api/team');
    expect(team.status).toBe(200);
    expect(team.body.businessName).toBe('Sparkle Cleaning');
    expect(team.body.members.map((m) => [m.name, m.role, m.active])).toEqual([
      [expect.any(String), 'owner', true],
      ['Marta', 'manager', true],
      ['Ana', 'cleaner', true],
    ]);
    expect(team.body.members[0]!.lastSeenAt).not.toBeNull();
    expect(team.body.invites).toEqual([{ ...pending, createdAt: expect.any(String) }]);
    expect((await cleaner.client.get('/api/team')).status).toBe(403);
  });
});

describe('admin analytics', () => {
  it('counts the accounts that signed up as users, and every active member as totalMembers', async () => {
    const admin = t.client();
    expect((await admin.post('/api/admin/verify', { password: TEST_ADMIN_PASSWORD })).status).toBe(200);
    const read = async () => (await admin.get<{ totalUsers: number; totalMembers: number }>('/api/admin/analytics')).body;
    const before = await read();
    const { owner, cleaner } = await startCrew(t);
    expect(await read()).toMatchObject({ totalUsers: before.totalUsers + 1, totalMembers: before.totalMembers + 3 });
    await owner.client.patch(`/api/team/members/${cleaner.user.id}`, { active: false });
    expect((await read()).totalMembers).toBe(before.totalMembers + 2);
  });
});

describe('invites', () => {
  it('gives a link of at least 128 random bits, valid 7 days; a manager may invite only cleaners', async () => {
    const { owner, manager } = await startCrew(t);
    const made = await invite(owner.client, 'manager', 'Pilar');
    expect(made.url).toMatch(new RegExp(`^${t.config.appUrl}/join/[A-Za-z0-9_-]{43,}$`));
    expect(new Date(made.expiresAt).getTime() - t.deps.clock().getTime()).toBeGreaterThan(7 * DAY_MS - 60_000);
    const preview = await t.client().get(`/api/join/${tokenOf(made.url)}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ businessName: 'Sparkle Cleaning', role: 'manager', name: 'Pilar', expiresAt: made.expiresAt, businessLogoUrl: null });
    const refused = await manager.client.post<{ code: string }>('/api/team/invites', { role: 'manager' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');
    expect((await manager.client.post('/api/team/invites', { role: 'cleaner' })).status).toBe(201);
  });

  it('is one use: a second join is a 410; an unknown token is a 404', async () => {
    const { owner } = await startCrew(t);
    const made = await invite(owner.client, 'cleaner');
    await join(t, made, { name: 'Rosa' });
    const again = await t.client().post<{ code: string }>(`/api/join/${tokenOf(made.url)}`, { name: 'Rosa again' });
    expect(again.status).toBe(410);
    expect(again.body.code).toBe('invite_used');
    expect((await t.client().get(`/api/join/${tokenOf(made.url)}`)).status).toBe(410);
    expect((await t.client().get(`/api/join/${'x'.repeat(43)}`)).status).toBe(404);
  });

  it("shows the business's logo while the invite can be used: 404 without a logo, 410 once used, 404 for an unknown token", async () => {
    const { owner } = await startCrew(t);
    const made = await invite(owner.client, 'cleaner');
    const logoPath = `/api/join/${tokenOf(made.url)}/logo`;
    const none = await t.client().get<{ code: string }>(logoPath);
    expect([none.status, none.body.code]).toEqual([404, 'shared_logo_missing']);
    const logo = await makePhotoJpeg(300, 200);
    expect((await owner.client.post('/api/user/logo', undefined, { raw: logo, headers: { 'content-type': 'image/jpeg' } })).status).toBe(200);
    const preview = await t.client().get<{ businessLogoUrl: string | null }>(`/api/join/${tokenOf(made.url)}`);
    expect(preview.body.businessLogoUrl).toBe(logoPath);
    const served = await t.client().get(logoPath);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\/(jpeg|png)/);
    await join(t, made, { name: 'Rosa' });
    const used = await t.client().get<{ code: string }>(logoPath);
    expect([used.status, used.body.code]).toEqual([410, 'invite_used']);
    expect((await t.client().get(`/api/join/${'x'.repeat(43)}/logo`)).status).toBe(404);
  });

  it('a revoked invite and an expired one are 410s', async () => {
    const { owner } = await startCrew(t);
    const revoked = await invite(owner.client, 'cleaner');
    expect((await owner.client.delete(`/api/team/invites/${revoked.id}`)).status).toBe(200);
    const gone = await t.client().post<{ code: string }>(`/api/join/${tokenOf(revoked.url)}`, { name: 'Eva' });
    expect([gone.status, gone.body.code]).toEqual([410, 'invite_revoked']);
    const expiring = await invite(owner.client, 'cleaner');
    t.clock.advance(7 * DAY_MS + 1000);
    try {
      const expired = await t.client().get<{ code: string }>(`/api/join/${tokenOf(expiring.url)}`);
      expect([expired.status, expired.body.code]).toEqual([410, 'invite_expired']);
    } finally {
      t.clock.reset();
    }
  });

  it('joins with an email and a password, which then sign in anywhere; an email that has an account is a 409', async () => {
    const { owner } = await startCrew(t);
    const email = uniqueEmail('crew');
    const joined = await join(t, await invite(owner.client, 'cleaner'), { name: 'Inés', email, password: 'cleaner pass' });
    expect(joined.user).toMatchObject({ email, role: 'cleaner', authToken: expect.any(String) });
    const login = await t.client().post<LoginResponse>('/api/login', { email, password: 'cleaner pass' });
    expect(login.status).toBe(200);
    expect(login.body.role).toBe('cleaner');
    const taken = await t.client().post<{ code: string }>(`/api/join/${tokenOf((await invite(owner.client, 'cleaner')).url)}`, {
      name: 'Twin',
      email: owner.user.email,
      password: 'whatever1',
    });
    expect([taken.status, taken.body.code]).toEqual([409, 'duplicate_email']);
  });

  it('with 25 active members, inviting is a 409 team_full; deactivating one makes room again', async () => {
    const owner = t.client();
    await registerUser(owner);
    const members: number[] = [];
    for (let n = 1; n < TEAM_MAX_ACTIVE_MEMBERS; n += 1) members.push((await join(t, await invite(owner, 'cleaner'), { name: `Cleaner ${n}` })).user.id);
    const full = await owner.post<{ code: string }>('/api/team/invites', { role: 'cleaner' });
    expect([full.status, full.body.code]).toEqual([409, 'team_full']);
    expect((await owner.patch(`/api/team/members/${members[0]}`, { active: false })).status).toBe(200);
    expect((await owner.post('/api/team/invites', { role: 'cleaner' })).status).toBe(201);
  });
});

describe('changing members', () => {
  it('deactivating ends every session at once: the next request is a 401 with the cookie and with the bearer token', async () => {
    const { owner, cleaner } = await startCrew(t);
    const bearer = t.client();
    bearer.bearerToken = cleaner.user.authToken;
    expect((await bearer.get('/api/user')).status).toBe(200);
    expect((await cleaner.client.get('/api/projects')).status).toBe(200);
    const off = await owner.client.patch<TeamMember>(`/api/team/members/${cleaner.user.id}`, { active: false });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect((await cleaner.client.get('/api/projects')).status).toBe(401);
    expect((await bearer.get('/api/user')).status).toBe(401);
    const sessions = await t.query<{ n: number }>(sql`select count(*)::int as n from sessions where user_id = ${cleaner.user.id}`);
    expect(sessions[0]?.n).toBe(0);
  });

  it('a deactivated member cannot sign in again with their password; their reports and photos keep their name', async () => {
    const { owner } = await startCrew(t);
    const email = uniqueEmail('leaver');
    const leaver = await join(t, await invite(owner.client, 'cleaner'), { name: 'Leo', email, password: 'leaver pass' });
    const report = await createProject(leaver.client, { clientName: 'Left behind' });
    const photo = await addPhoto(leaver.client, report.id, 'before');
    await owner.client.patch(`/api/team/members/${leaver.user.id}`, { active: false });
    const login = await t.client().post<{ code: string }>('/api/login', { email, password: 'leaver pass' });
    expect([login.status, login.body.code]).toEqual([401, 'invalid_login']);
    const seen = await owner.client.get<Project>(`/api/projects/${report.id}?images=url`);
    expect(seen.body.createdBy).toEqual({ id: leaver.user.id, name: 'Leo' });
    expect(seen.body.photos.find((p) => p.id === photo.id)?.takenBy).toEqual({ id: leaver.user.id, name: 'Leo' });
  });

  it('only the owner changes roles; a manager deactivates cleaners only; a business keeps one active owner', async () => {
    const { owner, manager, cleaner } = await startCrew(t);
    expect((await manager.client.patch(`/api/team/members/${cleaner.user.id}`, { role: 'manager' })).status).toBe(403);
    expect((await manager.client.patch(`/api/team/members/${owner.user.id}`, { active: false })).status).toBe(403);
    expect((await manager.client.patch(`/api/team/members/${cleaner.user.id}`, { active: false })).status).toBe(200);
    expect((await manager.client.patch(`/api/team/members/${cleaner.user.id}`, { active: true })).status).toBe(200);
    const lastOwner = await owner.client.patch<{ code: string }>(`/api/team/members/${owner.user.id}`, { role: 'manager' });
    expect([lastOwner.status, lastOwner.body.code]).toEqual([409, 'last_owner']);
    expect((await owner.client.patch(`/api/team/members/${manager.user.id}`, { role: 'owner' })).status).toBe(200);
    expect((await owner.client.patch(`/api/team/members/${owner.user.id}`, { role: 'manager' })).status).toBe(200);
    expect((await owner.client.get<User>('/api/user')).body.role).toBe('manager');
  });

  it('a sign-in link signs the member in on a new phone once, for 24 hours', async () => {
    const { owner, manager, cleaner } = await startCrew(t);
    expect((await manager.client.post(`/api/team/members/${owner.user.id}/sign-in-link`)).status).toBe(403);
    const link = await manager.client.post<{ url: string; expiresAt: string }>(`/api/team/members/${cleaner.user.id}/sign-in-link`);
    expect(link.status).toBe(200);
    expect(link.body.url).toMatch(new RegExp(`^${t.config.appUrl}/sign-in/`));
    const phone = t.client();
    const signedIn = await phone.post<LoginResponse>(`/api/sign-in/${tokenOf(link.body.url)}`);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ id: cleaner.user.id, role: 'cleaner', authToken: expect.any(String) });
    expect((await phone.get<User>('/api/user')).body.id).toBe(cleaner.user.id);
    expect((await t.client().post(`/api/sign-in/${tokenOf(link.body.url)}`)).status).toBe(410);
    const late = await owner.client.post<{ url: string }>(`/api/team/members/${cleaner.user.id}/sign-in-link`);
    t.clock.advance(DAY_MS + 1000);
    try {
      expect((await t.client().post(`/api/sign-in/${tokenOf(late.body.url)}`)).status).toBe(410);
    } finally {
      t.clock.reset();
    }
  });
});

describe('reports and photos of a crew', () => {
  it('a cleaner lists and opens only the reports they made or are assigned; others are 404s', async () => {
    const { owner, manager, cleaner } = await startCrew(t);
    const ownReport = await createProject(cleaner.client, { clientName: 'Own' });
    const assigned = await createProject(owner.client, { clientName: 'Assigned' });
    const other = await createProject(manager.client, { clientName: 'Other' });
    const assign = await manager.client.patch<ProjectSummary>(`/api/projects/${assigned.id}`, { assigneeId: cleaner.user.id });
    expect(assign.status).toBe(200);
    expect(assign.body.assigneeId).toBe(cleaner.user.id);
    const list = await cleaner.client.get<ProjectSummary[]>('/api/projects');
    expect(list.body.map((p) => p.clientName).sort()).toEqual(['Assigned', 'Own']);
    expect(list.body.find((p) => p.clientName === 'Own')?.createdBy).toEqual({ id: cleaner.user.id, name: 'Ana' });
    // The list names whom a job is assigned to: a cleaner cannot read the team to look it up.
    expect(list.body.find((p) => p.clientName === 'Assigned')?.assignee).toEqual({ id: cleaner.user.id, name: 'Ana' });
    expect(assign.body.assignee).toEqual({ id: cleaner.user.id, name: 'Ana' });
    expect((await cleaner.client.get<Project>(`/api/projects/${assigned.id}?images=url`)).body.assignee).toEqual({ id: cleaner.user.id, name: 'Ana' });
    expect((await cleaner.client.get(`/api/projects/${other.id}`)).status).toBe(404);
    expect((await owner.client.get<ProjectSummary[]>('/api/projects')).body).toHaveLength(3);
    // A cleaner does not assign, and does not delete a report.
    expect((await cleaner.client.patch(`/api/projects/${ownReport.id}`, { assigneeId: null })).status).toBe(403);
    expect((await cleaner.client.delete(`/api/projects/${ownReport.id}`)).status).toBe(403);
  });

  it('photos carry takenBy from the session that uploaded them, for two members in one report', async () => {
    const { owner, cleaner } = await startCrew(t);
    const report = await createProject(owner.client);
    await owner.client.patch(`/api/projects/${report.id}`, { assigneeId: cleaner.user.id });
    const before = await addPhoto(cleaner.client, report.id, 'before');
    const after = await addPhoto(owner.client, report.id, 'after');
    expect(before.takenBy).toEqual({ id: cleaner.user.id, name: 'Ana' });
    expect(after.takenBy).toEqual({ id: owner.user.id, name: owner.user.name });
    const full = await owner.client.get<Project>(`/api/projects/${report.id}?images=url`);
    expect(full.body.photos.map((p) => p.takenBy?.id)).toEqual([cleaner.user.id, owner.user.id]);
    // A cleaner deletes only the photos they took.
    expect((await cleaner.client.delete(`/api/photos/${after.id}`)).status).toBe(403);
    expect((await cleaner.client.delete(`/api/photos/${before.id}`)).status).toBe(200);
  });

  it("the PDF's line under each pair names who took each photo, for the owner and through the client link", async () => {
    const { owner, cleaner } = await startCrew(t);
    const report = await createProject(owner.client, { clientName: 'Crew job' });
    await owner.client.patch(`/api/projects/${report.id}`, { assigneeId: cleaner.user.id });
    // Yesterday at 09:00 and 10:30 UTC (the PDF's time zone): one day for both whatever the hour the
    // test runs, so the line's length (and where the PDF wraps it) does not depend on the hour. From
    // 00:00 to 01:30 UTC "three hours ago" gave two dates, and the longer line wrapped.
    const yesterday = new Date(Date.now() - 24 * 3600_000);
    const takenAt = new Date(Date.UTC(yesterday.getUTCFullYear(), yesterday.getUTCMonth(), yesterday.getUTCDate(), 9));
    const upload = async (client: TestClient, type: 'before' | 'after', at: Date, seed: number) => {
      const response = await client.post<{ id: number }>(`/api/projects/${report.id}/photos?type=${type}&capturedAt=${at.toISOString()}`, undefined, {
        raw: await makePhotoJpeg(640, 480, { seed }),
        headers: { 'content-type': 'image/jpeg' },
      });
      expect(response.status).toBe(201);
      return response.body.id;
    };
    const before = await upload(cleaner.client, 'before', takenAt, 31);
    const after = await upload(owner.client, 'after', new Date(takenAt.getTime() + 90 * 60_000), 32);
    expect((await owner.client.post(`/api/projects/${report.id}/photo-pairs`, { beforePhotoId: before, afterPhotoId: after })).status).toBe(201);
    const cookie = [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const ownPdf = new Uint8Array(await (await fetch(`${t.url}/api/projects/${report.id}/report.pdf`, { headers: { cookie } })).arrayBuffer());
    const link = await owner.client.post<{ token: string }>(`/api/projects/${report.id}/share-links`, {});
    const sharedPdf = new Uint8Array(await (await fetch(`${t.url}/api/shared/${link.body.token}/report.pdf`)).arrayBuffer());
    for (const bytes of [ownPdf, sharedPdf]) {
      const lines = (await inspectPdf(bytes)).pageTexts
        .join('\n')
        .split('\n')
        .filter((line) => line.startsWith('Before '));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^Before [^·]+ · Ana · After [^·]+ · ${owner.user.name} · `));
    }
    // The client link's page names them too.
    const shared = await t
      .client()
      .get<{ pairs: { before: { takenBy: string | null }; after: { takenBy: string | null } }[] }>(`/api/shared/${link.body.token}`);
    expect(shared.body.pairs.map((pair) => [pair.before.takenBy, pair.after.takenBy])).toEqual([['Ana', owner.user.name]]);
  });

  it("a cleaner gets 402 once the business's trial has ended", async () => {
    const { cleaner } = await startCrew(t);
    expect((await cleaner.client.post('/api/projects', { clientName: 'In trial' })).status).toBe(201);
    t.clock.advance(15 * DAY_MS);
    try {
      const blocked = await cleaner.client.post<{ code: string }>('/api/projects', { clientName: 'After trial' });
      expect([blocked.status, blocked.body.code]).toEqual([402, 'trial_ended']);
    } finally {
      t.clock.reset();
    }
  });
});
