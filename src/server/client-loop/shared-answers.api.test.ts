// The client answers on the link, signed out: approval of the version they saw, issues pinned on
// a pair within the re-clean window, the owner's side (GET the report, resolve), the account's
// settings, and the owner told by mail. Over real HTTP, a real database and a real SMTP server.
import { createHash } from 'node:crypto';
import { simpleParser } from 'mailparser';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEvent, ClientAnswerSettings, ClientIssue } from '../../shared/contract/client-answers.js';
import type { Project, ProjectSummary } from '../../shared/contract/projects.js';
import type { SharedReport } from '../../shared/contract/share-links.js';
import { DAY_MS } from '../../shared/rules.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { startSmtpCapture, type SmtpCapture } from '../test-support/smtp-capture.js';
import { createShareLink, ownerWithSharedReport, visit, type SharedFixture } from '../test-support/share-link-helpers.js';
import { hasGpsTag, makePhotoJpeg, makeRotatedJpegWithGps, toDataUrl } from '../test-support/photo-fixtures.js';
import { registerUser } from '../test-support/test-client.js';
import { extractPageTexts } from '../test-support/pdf-inspection.js';

const HOUR_MS = DAY_MS / 24;

let t: TestApp;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestApp({ env: { APP_URL: 'http://localhost:5099', SMTP_URL: smtp.url, MAIL_FROM: 'CleanProof <hello@cleanproof.test>' } });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
afterEach(() => t.clock.reset());

/** A signed-out client's request through the link. */
async function clientPost<T>(fixture: SharedFixture, path: string, body: unknown, token = fixture.link.token) {
  const client = t.client();
  return client.post<T & { code?: string }>(`/api/shared/${token}${path}`, body);
}

async function readShared(token: string): Promise<SharedReport> {
  const response = await visit(t, `/api/shared/${token}`);
  expect(response.status, response.text).toBe(200);
  return JSON.parse(response.text) as SharedReport;
}

async function readProject(fixture: SharedFixture): Promise<Project> {
  const response = await fixture.owner.get<Project>(`/api/projects/${fixture.project.id}?images=url`);
  expect(response.status).toBe(200);
  return response.body;
}

async function pairIdsOf(fixture: SharedFixture): Promise<number[]> {
  return (await readProject(fixture)).photoPairs.map((pair) => pair.id);
}

const signaturePng = async () =>
  toDataUrl(
    await sharp({ create: { width: 300, height: 120, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0 } } })
      .png()
      .toBuffer(),
    'image/png',
  );

describe('POST /api/shared/{token}/approval', () => {
  it('approves the version the client saw (SHA-256 over the photos in order, client name and description); twice is 409; an edit supersedes it', async () => {
    const fixture = await ownerWithSharedReport(t, { clientName: 'Jane Smith', description: 'Move-out clean' });
    const approved = await clientPost<{ approvedAt: string; reportVersion: string }>(fixture, '/approval', {
      name: ' Jane Smith ',
      signature: await signaturePng(),
      rating: 5,
      comment: 'Spotless',
    });
    expect(approved.status, approved.text).toBe(201);
    const photos = fixture.pairs.flatMap((pair) => [pair.before.sha256, pair.after.sha256]);
    const expected = createHash('sha256')
      .update(JSON.stringify({ photos, clientName: 'Jane Smith', description: 'Move-out clean' }))
      .digest('hex');
    expect(approved.body.reportVersion).toBe(expected);

    const again = await clientPost(fixture, '/approval', { name: 'Jane Smith' });
    expect([again.status, again.body.code]).toEqual([409, 'already_approved']);

    const approval = { name: 'Jane Smith', approvedAt: approved.body.approvedAt, rating: 5, superseded: false, reportVersion: expected, comment: 'Spotless' };
    expect((await readShared(fixture.link.token)).approval).toEqual(approval);
    expect((await readProject(fixture)).approval).toEqual(approval);
    // The PDF of the approved version prints the approval on its first page.
    const [firstPage] = await extractPageTexts((await visit(t, `/api/shared/${fixture.link.token}/report.pdf`)).bytes);
    expect(firstPage).toContain('Approved by Jane Smith');
    expect(firstPage).toContain(`version ${expected.slice(0, 6)}…`);

    expect((await fixture.owner.patch(`/api/projects/${fixture.project.id}`, { description: 'Move-out clean, oven too' })).status).toBe(200);
    expect((await readShared(fixture.link.token)).approval).toMatchObject({ superseded: true });
    expect((await readProject(fixture)).approval).toMatchObject({ superseded: true });
    const [changedPage] = await extractPageTexts((await visit(t, `/api/shared/${fixture.link.token}/report.pdf`)).bytes);
    expect(changedPage).not.toContain('Approved by');
    // The changed report can be approved again.
    expect((await clientPost(fixture, '/approval', { name: 'Jane Smith' })).status).toBe(201);
    expect((await readShared(fixture.link.token)).approval).toMatchObject({ superseded: false, rating: null });

    const activity = await fixture.owner.get<ActivityEvent[]>(`/api/projects/${fixture.project.id}/activity`);
    expect(activity.body.filter((e) => e.type === 'approved').map((e) => e.actor)).toEqual(['Jane Smith', 'Jane Smith']);
  });

  it('is 400 for a missing name, a bad rating, a signature that is not a PNG; 410 on an expired or revoked link', async () => {
    const fixture = await ownerWithSharedReport(t, { pairCount: 1 });
    for (const [body, code] of [
      [{}, 'approval_name_required'],
      [{ name: '   ' }, 'approval_name_required'],
      [{ name: 'x'.repeat(101) }, 'approval_name_too_long'],
      [{ name: 'Jane', rating: 6 }, 'rating_invalid'],
      [{ name: 'Jane', rating: 2.5 }, 'rating_invalid'],
      [{ name: 'Jane', signature: toDataUrl(Buffer.from('not a png'), 'image/png') }, 'signature_invalid'],
      [{ name: 'Jane', signature: 'data:image/png;base64,' + 'A'.repeat(210 * 1024) }, 'signature_too_large'],
      [{ name: 'Jane', comment: 'x'.repeat(1001) }, 'approval_comment_too_long'],
    ] as const) {
      const response = await clientPost(fixture, '/approval', body);
      expect([response.status, response.body.code], JSON.stringify(body).slice(0, 80)).toEqual([400, code]);
    }
    const jpegAsPng = await clientPost(fixture, '/approval', { name: 'Jane', signature: toDataUrl(await makePhotoJpeg(20, 20), 'image/png') });
    expect([jpegAsPng.status, jpegAsPng.body.code]).toEqual([400, 'signature_invalid']);

    const expiring = await createShareLink(fixture.owner, fixture.project.id, { expiresInDays: 1 });
    t.clock.advance(DAY_MS + 1000);
    const expired = await clientPost(fixture, '/approval', { name: 'Jane' }, expiring.token);
    expect([expired.status, expired.body.code]).toEqual([410, 'link_expired']);
    const pairId = (await pairIdsOf(fixture))[0];
    expect((await clientPost(fixture, '/issues', { pairId, x: 0.5, y: 0.5, note: 'Streaks' }, expiring.token)).status).toBe(410);
    t.clock.reset();

    expect((await fixture.owner.delete(`/api/share-links/${fixture.link.id}`)).status).toBe(200);
    const revoked = await clientPost(fixture, '/approval', { name: 'Jane' });
    expect([revoked.status, revoked.body.code]).toEqual([410, 'link_revoked']);
    const issue = await clientPost(fixture, '/issues', { pairId, x: 0.5, y: 0.5, note: 'Streaks' });
    expect([issue.status, issue.body.code]).toEqual([410, 'link_revoked']);
    expect((await clientPost(fixture, '/approval', { name: 'Jane' }, 'A'.repeat(43))).status).toBe(404);
    expect((await readProject(fixture)).approval).toBeNull();
  });
});

describe('POST /api/shared/{token}/issues', () => {
  it('pins a note on a pair; a photo is checked and stripped, and shown to the owner and its own link only; the owner resolves it', async () => {
    const fixture = await ownerWithSharedReport(t);
    const [, second] = await pairIdsOf(fixture);
    const photo = toDataUrl(await makeRotatedJpegWithGps());
    const created = await clientPost<{ id: number; createdAt: string }>(fixture, '/issues', {
      pairId: second,
      x: 0.25,
      y: 1,
      note: 'Streaks on the glass',
      photo,
    });
    expect(created.status, created.text).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(['createdAt', 'id']);

    const shared = await readShared(fixture.link.token);
    const issue: ClientIssue = {
      id: created.body.id,
      pairId: second!,
      x: 0.25,
      y: 1,
      note: 'Streaks on the glass',
      createdAt: created.body.createdAt,
      resolvedAt: null,
      resolutionNote: null,
      photoUrl: `/api/shared/${fixture.link.token}/issues/${created.body.id}/photo`,
    };
    expect(shared.issues).toEqual([issue]);
    const ownerView = (await readProject(fixture)).issues;
    expect(ownerView).toEqual([{ ...issue, photoUrl: `/api/issues/${created.body.id}/photo` }]);

    // Stored as a JPEG without the GPS position, upright.
    const stored = await visit(t, issue.photoUrl!);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('content-type')).toBe('image/jpeg');
    expect(hasGpsTag(stored.bytes)).toBe(false);
    expect(await sharp(stored.bytes).metadata()).toMatchObject({ width: 200, height: 400 });
    expect((await fixture.owner.get(`/api/issues/${created.body.id}/photo`)).status).toBe(200);

    // Another link of the same report lists the issue but never shows its photo.
    const other = await createShareLink(fixture.owner, fixture.project.id);
    expect((await readShared(other.token)).issues[0]?.photoUrl).toBeNull();
    expect((await visit(t, `/api/shared/${other.token}/issues/${created.body.id}/photo`)).status).toBe(404);

    const resolved = await fixture.owner.post<ClientIssue>(`/api/issues/${created.body.id}/resolve`, { note: 'Re-cleaned on Tuesday' });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ id: created.body.id, resolutionNote: 'Re-cleaned on Tuesday' });
    expect(resolved.body.resolvedAt).toBeTruthy();
    expect((await readShared(fixture.link.token)).issues[0]).toMatchObject({ resolvedAt: resolved.body.resolvedAt });
    // The report's PDF lists it, after the pairs, with how it was resolved.
    const pdfText = (await extractPageTexts((await visit(t, `/api/shared/${fixture.link.token}/report.pdf`)).bytes)).join('\n');
    expect(pdfText).toContain('Pair 2 · Streaks on the glass');
    expect(pdfText).toMatch(/Resolved \d+ \w+ \d{4}: Re-cleaned on Tuesday/);
    const activity = await fixture.owner.get<ActivityEvent[]>(`/api/projects/${fixture.project.id}/activity`);
    expect(activity.body.filter((e) => e.type.startsWith('issue_')).map((e) => e.type)).toEqual(['issue_resolved', 'issue_reported']);

    const stranger = t.client();
    await registerUser(stranger);
    expect((await stranger.post(`/api/issues/${created.body.id}/resolve`, {})).status).toBe(404);
  });

  it('is 400 for a point outside 0–1, an empty or long note, or a photo that is not a JPEG or PNG; 404 for another report’s pair', async () => {
    const fixture = await ownerWithSharedReport(t, { pairCount: 1 });
    const [pairId] = await pairIdsOf(fixture);
    for (const [body, code] of [
      [{ pairId, x: -0.01, y: 0.5, note: 'n' }, 'issue_point_invalid'],
      [{ pairId, x: 0.5, y: 1.01, note: 'n' }, 'issue_point_invalid'],
      [{ pairId, x: '0.5', y: 0.5, note: 'n' }, 'issue_point_invalid'],
      [{ pairId, x: 0.5, y: 0.5, note: ' ' }, 'issue_note_required'],
      [{ pairId, x: 0.5, y: 0.5, note: 'x'.repeat(1001) }, 'issue_note_too_long'],
      [{ pairId, x: 0.5, y: 0.5, note: 'n', photo: 'data:image/webp;base64,AAAA' }, 'issue_photo_invalid'],
      [{ pairId, x: 0.5, y: 0.5, note: 'n', photo: toDataUrl(Buffer.from('GIF89a not really')) }, 'issue_photo_invalid'],
    ] as const) {
      const response = await clientPost(fixture, '/issues', body);
      expect([response.status, response.body.code], JSON.stringify(body).slice(0, 80)).toEqual([400, code]);
    }
    const broken = await clientPost(fixture, '/issues', {
      pairId,
      x: 0.5,
      y: 0.5,
      note: 'n',
      photo: toDataUrl((await makePhotoJpeg(64, 48)).subarray(0, 200)),
    });
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expect(broken.status).toBeLessThan(500);

    const other = await ownerWithSharedReport(t, { pairCount: 1 });
    const [foreignPair] = await pairIdsOf(other);
    const foreign = await clientPost(fixture, '/issues', { pairId: foreignPair, x: 0.5, y: 0.5, note: 'n' });
    expect([foreign.status, foreign.body.code]).toEqual([404, 'pair_not_found']);
    expect((await readProject(fixture)).issues).toEqual([]);
  });

  it('closes new issues 24 hours after the first open by default (409 window_closed); the window is set in the account, 0 turns it off', async () => {
    const fixture = await ownerWithSharedReport(t, { pairCount: 1, expiresInDays: 90 });
    const [pairId] = await pairIdsOf(fixture);
    const unopened = await readShared(fixture.link.token); // this is the first open
    const firstOpen = new Date(t.deps.clock());
    expect(new Date(unopened.windowEndsAt!).getTime() - firstOpen.getTime()).toBeLessThanOrEqual(24 * HOUR_MS);
    expect(new Date(unopened.windowEndsAt!).getTime() - firstOpen.getTime()).toBeGreaterThan(24 * HOUR_MS - 60_000);

    t.clock.advance(23 * HOUR_MS);
    expect((await clientPost(fixture, '/issues', { pairId, x: 0, y: 0, note: 'Within the day' })).status).toBe(201);
    t.clock.advance(2 * HOUR_MS);
    const closed = await clientPost(fixture, '/issues', { pairId, x: 0, y: 0, note: 'Too late' });
    expect([closed.status, closed.body.code]).toEqual([409, 'window_closed']);
    // The link still shows everything, and approval still works.
    expect((await readShared(fixture.link.token)).issues).toHaveLength(1);

    const settings = await fixture.owner.patch<ClientAnswerSettings>('/api/user/client-answers', { reCleanWindowHours: 48 });
    expect(settings.body).toEqual({ reCleanWindowHours: 48, reviewUrl: null });
    expect((await clientPost(fixture, '/issues', { pairId, x: 0, y: 0, note: 'Within two days' })).status).toBe(201);
    // Off: no new issue from any link, even one never opened; the page says the window has passed.
    expect((await fixture.owner.patch('/api/user/client-answers', { reCleanWindowHours: 0 })).status).toBe(200);
    const off = await clientPost(fixture, '/issues', { pairId, x: 1, y: 1, note: 'Turned off' });
    expect([off.status, off.body.code]).toEqual([409, 'window_closed']);
    expect(new Date((await readShared(fixture.link.token)).windowEndsAt!).getTime()).toBeLessThanOrEqual(t.deps.clock().getTime());
    const unopenedLink = await createShareLink(fixture.owner, fixture.project.id);
    const offUnopened = await clientPost(fixture, '/issues', { pairId, x: 1, y: 1, note: 'Never opened' }, unopenedLink.token);
    expect([offUnopened.status, offUnopened.body.code]).toEqual([409, 'window_closed']);
    expect((await readProject(fixture)).issues).toHaveLength(2);

    for (const body of [{ reCleanWindowHours: 169 }, { reCleanWindowHours: -1 }, { reCleanWindowHours: 1.5 }, {}, { reviewUrl: 'http://g.page/r/x' }]) {
      expect((await fixture.owner.patch('/api/user/client-answers', body)).status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('the reports list marks a report the client answered', () => {
  it('with its open issues until they are resolved, and with the time of its approval', async () => {
    const fixture = await ownerWithSharedReport(t);
    const summary = async () => {
      const list = await fixture.owner.get<ProjectSummary[]>('/api/projects?limit=30');
      expect(list.status).toBe(200);
      return list.body.find((project) => project.id === fixture.project.id)!;
    };
    expect(await summary()).toMatchObject({ openIssueCount: 0, approvedAt: null });

    const [first, second] = await pairIdsOf(fixture);
    const issues = await Promise.all(
      [first, second].map((pairId) => clientPost<{ id: number }>(fixture, '/issues', { pairId, x: 0.5, y: 0.5, note: 'Dust on the shelf' })),
    );
    expect(issues.map((issue) => issue.status)).toEqual([201, 201]);
    expect(await summary()).toMatchObject({ openIssueCount: 2, approvedAt: null });

    expect((await fixture.owner.post(`/api/issues/${issues[0]!.body.id}/resolve`, {})).status).toBe(200);
    const approved = await clientPost<{ approvedAt: string }>(fixture, '/approval', { name: 'Jane Smith' });
    expect(approved.status).toBe(201);
    // The same in the list, the report and its summary after an edit.
    expect(await summary()).toMatchObject({ openIssueCount: 1, approvedAt: approved.body.approvedAt });
    expect(await readProject(fixture)).toMatchObject({ openIssueCount: 1, approvedAt: approved.body.approvedAt });
    const edited = await fixture.owner.patch<ProjectSummary>(`/api/projects/${fixture.project.id}`, { description: 'Second visit' });
    expect(edited.body).toMatchObject({ openIssueCount: 1, approvedAt: approved.body.approvedAt });
  });
});

describe('the review link', () => {
  it('is given to every client whatever their rating, and only as https', async () => {
    const fixture = await ownerWithSharedReport(t, { pairCount: 1 });
    const reviewUrl = 'https://g.page/r/sparkle-cleaning/review';
    const saved = await fixture.owner.patch<ClientAnswerSettings>('/api/user/client-answers', { reviewUrl });
    expect(saved.body).toEqual({ reCleanWindowHours: 24, reviewUrl });
    expect((await fixture.owner.get<ClientAnswerSettings>('/api/user/client-answers')).body.reviewUrl).toBe(reviewUrl);
    expect((await readShared(fixture.link.token)).reviewUrl).toBe(reviewUrl);
    for (const rating of [1, 2, 3, 4, 5, undefined]) {
      const report = await ownerProjectLink(fixture);
      expect((await clientPost(fixture, '/approval', { name: 'Client', ...(rating ? { rating } : {}) }, report.token)).status).toBe(201);
      const shared = await readShared(report.token);
      expect(shared.approval?.rating ?? null).toBe(rating ?? null);
      expect(shared.reviewUrl).toBe(reviewUrl);
    }
    expect((await fixture.owner.patch('/api/user/client-answers', { reviewUrl: '' })).body).toMatchObject({ reviewUrl: null });
    expect((await readShared(fixture.link.token)).reviewUrl).toBeNull();
  });
});

/** A new report of the fixture's owner (one pair) and a link to it. */
async function ownerProjectLink(fixture: SharedFixture) {
  const project = await fixture.owner.post<Project>('/api/projects', { clientName: 'Another client' });
  const ids: number[] = [];
  for (const type of ['before', 'after']) {
    const upload = await fixture.owner.post<{ id: number }>(`/api/projects/${project.body.id}/photos?type=${type}`, undefined, {
      raw: await makePhotoJpeg(32, 24, { seed: ids.length + 40 }),
      headers: { 'content-type': 'image/jpeg' },
    });
    ids.push(upload.body.id);
  }
  await fixture.owner.post(`/api/projects/${project.body.id}/photo-pairs`, { beforePhotoId: ids[0], afterPhotoId: ids[1] });
  return createShareLink(fixture.owner, project.body.id);
}

describe('the owner is told', () => {
  it('by mail, in their language, of an approval and of an issue', async () => {
    const fixture = await ownerWithSharedReport(t, { pairCount: 1, clientName: 'Jane Smith' });
    const [pairId] = await pairIdsOf(fixture);
    expect((await clientPost(fixture, '/issues', { pairId, x: 0.4, y: 0.6, note: 'The oven door still has grease' })).status).toBe(201);
    const issueMail = await simpleParser((await smtp.waitForMailTo(fixture.email)).raw);
    expect(issueMail.subject).toBe('A client says something is not right: Jane Smith · Kitchen deep clean');
    expect(issueMail.text).toContain('The oven door still has grease');
    expect(issueMail.text).toContain(`http://localhost:5099/?project=${fixture.project.id}`);

    expect((await fixture.owner.patch('/api/user/preferences', { locale: 'es' })).status).toBe(200);
    const after = smtp.received.length;
    expect((await clientPost(fixture, '/approval', { name: 'Jane Smith', rating: 4 })).status).toBe(201);
    const approvalMail = await simpleParser((await smtp.waitForMailTo(fixture.email, { after })).raw);
    expect(approvalMail.subject).toBe('Jane Smith ha aprobado el informe: Jane Smith · Kitchen deep clean');
    expect(approvalMail.text).toContain('★★★★☆');
  });
});
