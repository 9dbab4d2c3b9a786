// The owner's side of client links: POST|GET /api/projects/{id}/share-links and
// DELETE /api/share-links/{id}, over real HTTP on the real app and database.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAX_LIVE_SHARE_LINKS_PER_PROJECT, SHARE_LINK_DEFAULT_DAYS, type ShareLink } from '../../shared/contract/share-links.js';
import { DAY_MS, TRIAL_DAYS } from '../../shared/rules.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { registerUser } from '../test-support/test-client.js';
import { addPhoto, createProject, ownerWithProject } from '../test-support/project-helpers.js';
import { createShareLink, ownerWithSharedReport, visit } from '../test-support/share-link-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { APP_URL: 'http://localhost:5099' } });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  t.clock.reset();
});

const linkCount = async () => (await t.query<{ n: number }>(sql`select count(*)::int as n from share_links`))[0]?.n ?? 0;

describe('POST /api/projects/{id}/share-links', () => {
  it('makes a link of at least 128 random bits to APP_URL/r/{token}, live for 7 days by default', async () => {
    const { link } = await ownerWithSharedReport(t);
    expect(Object.keys(link).sort()).toEqual(['createdAt', 'expiresAt', 'id', 'lastOpenedAt', 'revokedAt', 'token', 'url']);
    expect(link.url).toBe(`http://localhost:5099/r/${link.token}`);
    // base64url: 6 bits a character.
    expect(link.token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(link.token.length * 6).toBeGreaterThanOrEqual(128);
    expect(new Date(link.expiresAt).getTime() - new Date(link.createdAt).getTime()).toBe(SHARE_LINK_DEFAULT_DAYS * DAY_MS);
    expect(link.lastOpenedAt).toBeNull();
    expect(link.revokedAt).toBeNull();
  });

  it('gives every link its own token', async () => {
    const { owner, project, link } = await ownerWithSharedReport(t);
    const tokens = new Set([link.token]);
    for (let i = 0; i < 5; i += 1) tokens.add((await createShareLink(owner, project.id)).token);
    expect(tokens.size).toBe(6);
  });

  it.each([1, 30, 90])('takes expiresInDays %i', async (days) => {
    const { owner, project } = await ownerWithSharedReport(t);
    const link = await createShareLink(owner, project.id, { expiresInDays: days });
    expect(new Date(link.expiresAt).getTime() - new Date(link.createdAt).getTime()).toBe(days * DAY_MS);
  });

  it.each([0, 91, 1.5, -3, '7', null])('refuses expiresInDays %j with a 400 and makes nothing', async (days) => {
    const { owner, project } = await ownerWithSharedReport(t);
    const before = await linkCount();
    const response = await owner.post<{ message: string }>(`/api/projects/${project.id}/share-links`, { expiresInDays: days });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/expiresInDays must be a whole number of days from 1 to 90/);
    expect(await linkCount()).toBe(before);
  });

  it('is 404 for another user’s report and for one that does not exist, and makes nothing', async () => {
    const { project } = await ownerWithSharedReport(t);
    const intruder = t.client();
    await registerUser(intruder, { businessName: 'Intruder Cleaning' });
    const before = await linkCount();
    for (const id of [project.id, 999_999]) {
      const response = await intruder.post<{ message: string }>(`/api/projects/${id}/share-links`, {});
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('Project not found');
    }
    expect(await linkCount()).toBe(before);
  });

  it('needs a signed-in user', async () => {
    const { project } = await ownerWithSharedReport(t);
    const response = await t.client().post<{ message: string }>(`/api/projects/${project.id}/share-links`, {});
    expect(response.status).toBe(401);
  });

  it('is 402 once the trial has ended, while listing and revoking still work', async () => {
    const { owner, project, link } = await ownerWithSharedReport(t);
    t.clock.advance((TRIAL_DAYS + 1) * DAY_MS);
    const before = await linkCount();
    const refused = await owner.post<{ message: string }>(`/api/projects/${project.id}/share-links`, {});
    expect(refused.status).toBe(402);
    expect(refused.body.message).toMatch(/free trial has ended/);
    expect(await linkCount()).toBe(before);
    expect((await owner.get(`/api/projects/${project.id}/share-links`)).status).toBe(200);
    expect((await owner.delete(`/api/share-links/${link.id}`)).status).toBe(200);
  });

  it('is 409 when the report has no pair', async () => {
    const { client, project } = await ownerWithProject(t);
    await addPhoto(client, project.id, 'before');
    await addPhoto(client, project.id, 'after');
    const response = await client.post<{ message: string }>(`/api/projects/${project.id}/share-links`, {});
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Add at least one before-and-after photo pair to share this report.');
    expect((await client.get<ShareLink[]>(`/api/projects/${project.id}/share-links`)).body).toEqual([]);
  });

  it(`allows at most ${MAX_LIVE_SHARE_LINKS_PER_PROJECT} live links per report; revoked and expired ones do not count`, async () => {
    const { owner, project, link } = await ownerWithSharedReport(t, { pairCount: 1, expiresInDays: 1 });
    const links = [link];
    while (links.length < MAX_LIVE_SHARE_LINKS_PER_PROJECT) links.push(await createShareLink(owner, project.id));
    const refused = await owner.post<{ message: string }>(`/api/projects/${project.id}/share-links`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/already has 20 live links\. Revoke one/);
    // Another report of the same owner has its own allowance.
    const other = await createProject(owner);
    await owner.post(`/api/projects/${other.id}/photo-pairs`, {
      beforePhotoId: (await addPhoto(owner, other.id, 'before')).id,
      afterPhotoId: (await addPhoto(owner, other.id, 'after')).id,
    });
    expect((await owner.post(`/api/projects/${other.id}/share-links`, {})).status).toBe(201);

    expect((await owner.delete(`/api/share-links/${links[5]!.id}`)).status).toBe(200);
    expect((await owner.post(`/api/projects/${project.id}/share-links`, {})).status).toBe(201);
    expect((await owner.post(`/api/projects/${project.id}/share-links`, {})).status).toBe(409);
    // The first link (1 day) expires: its place is free again.
    t.clock.advance(DAY_MS + 1000);
    expect((await owner.post(`/api/projects/${project.id}/share-links`, {})).status).toBe(201);
  });

  it('holds the cap when many links are asked for at once', async () => {
    const { owner, project } = await ownerWithSharedReport(t, { pairCount: 1 });
    const answers = await Promise.all(
      Array.from({ length: MAX_LIVE_SHARE_LINKS_PER_PROJECT + 5 }, () => owner.post(`/api/projects/${project.id}/share-links`, {})),
    );
    // The fixture's own link is one of the 20.
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(MAX_LIVE_SHARE_LINKS_PER_PROJECT - 1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(6);
  });
});

describe('GET /api/projects/{id}/share-links', () => {
  it('lists the report’s links newest first, revoked and expired ones with them', async () => {
    const { owner, project, link: first } = await ownerWithSharedReport(t);
    t.clock.advance(1000);
    const second = await createShareLink(owner, project.id, { expiresInDays: 1 });
    t.clock.advance(1000);
    const third = await createShareLink(owner, project.id);
    await owner.delete(`/api/share-links/${third.id}`);
    t.clock.advance(2 * DAY_MS);

    const listed = await owner.get<ShareLink[]>(`/api/projects/${project.id}/share-links`);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('no-store');
    expect(listed.body.map((link) => link.id)).toEqual([third.id, second.id, first.id]);
    expect(listed.body[0]?.revokedAt).not.toBeNull();
    expect(listed.body[2]).toEqual(first);
  });

  it('never lists another report’s links, and is 404 for another user’s report', async () => {
    const a = await ownerWithSharedReport(t);
    const b = await ownerWithSharedReport(t);
    expect((await a.owner.get<ShareLink[]>(`/api/projects/${a.project.id}/share-links`)).body.map((link) => link.id)).toEqual([a.link.id]);
    const intruding = await b.owner.get<{ message: string }>(`/api/projects/${a.project.id}/share-links`);
    expect(intruding.status).toBe(404);
    expect(intruding.text).not.toContain(a.link.token);
  });
});

describe('DELETE /api/share-links/{id}', () => {
  it('revokes the link and answers with it; a second revoke keeps the first time', async () => {
    const { owner, link } = await ownerWithSharedReport(t);
    const revoked = await owner.delete<ShareLink>(`/api/share-links/${link.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: link.id, token: link.token, url: link.url });
    expect(revoked.body.revokedAt).not.toBeNull();
    t.clock.advance(60_000);
    const again = await owner.delete<ShareLink>(`/api/share-links/${link.id}`);
    expect(again.status).toBe(200);
    expect(again.body.revokedAt).toBe(revoked.body.revokedAt);
    expect((await visit(t, `/api/shared/${link.token}`)).status).toBe(410);
  });

  it('is 404 for another user’s link, which keeps working', async () => {
    const { link } = await ownerWithSharedReport(t);
    const intruder = t.client();
    await registerUser(intruder, { businessName: 'Intruder Cleaning' });
    const response = await intruder.delete<{ message: string }>(`/api/share-links/${link.id}`);
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Link not found');
    expect((await visit(t, `/api/shared/${link.token}`)).status).toBe(200);
  });

  it('goes with its report: deleting the report makes the token unknown', async () => {
    const { owner, project, link } = await ownerWithSharedReport(t);
    expect((await owner.delete(`/api/projects/${project.id}`)).status).toBe(200);
    expect((await visit(t, `/api/shared/${link.token}`)).status).toBe(404);
    expect((await visit(t, `/r/${link.token}`)).status).toBe(404);
  });
});
