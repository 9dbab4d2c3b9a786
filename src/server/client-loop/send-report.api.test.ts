// Emailing a report to a client (POST /api/projects/{id}/send) through a real SMTP server, and
// the report's activity (GET /api/projects/{id}/activity), on the real app and database.
import { simpleParser, type ParsedMail } from 'mailparser';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEvent, SendProjectResponse } from '../../shared/contract/client-answers.js';
import type { ShareLink } from '../../shared/contract/share-links.js';
import { DAY_MS, TRIAL_DAYS } from '../../shared/rules.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { startSmtpCapture, type SmtpCapture } from '../test-support/smtp-capture.js';
import { createShareLink, ownerWithSharedReport, visit } from '../test-support/share-link-helpers.js';
import { addPhoto, createProject, uploadRawPhoto } from '../test-support/project-helpers.js';
import { makePhotoJpeg } from '../test-support/photo-fixtures.js';
import { registerUser, uniqueEmail } from '../test-support/test-client.js';

const APP_URL = 'http://localhost:5099';

let t: TestApp;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestApp({
    env: { APP_URL, SMTP_URL: smtp.url, MAIL_FROM: 'CleanProof <hello@cleanproof.test>' },
  });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
afterEach(() => t.clock.reset());

async function readMail(to: string): Promise<ParsedMail> {
  return simpleParser((await smtp.waitForMailTo(to)).raw);
}

const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('POST /api/projects/{id}/send', () => {
  it("emails the client from the business's name, answering to the owner, with the message, a button to a new 30-day link, a text part and the PDF", async () => {
    const fixture = await ownerWithSharedReport(t, { businessName: 'Sparkle & Shine', clientName: 'Jane Smith' });
    const to = uniqueEmail('client');
    const sent = await fixture.owner.post<SendProjectResponse>(`/api/projects/${fixture.project.id}/send`, { to, message: 'Thanks Jane!\nSee you next week.' });
    expect(sent.status, sent.text).toBe(202);
    expect(Object.keys(sent.body).sort()).toEqual(['id', 'linkId', 'sentAt']);
    expect(sent.body.linkId).not.toBe(fixture.link.id);

    const links = (await fixture.owner.get<ShareLink[]>(`/api/projects/${fixture.project.id}/share-links`)).body;
    const link = links.find((l) => l.id === sent.body.linkId)!;
    expect(new Date(link.expiresAt).getTime() - new Date(link.createdAt).getTime()).toBe(30 * DAY_MS);

    const raw = (await smtp.waitForMailTo(to)).raw;
    const mail = await simpleParser(raw);
    expect(mail.from?.value).toEqual([{ name: 'Sparkle & Shine', address: 'hello@cleanproof.test' }]);
    expect(mail.replyTo?.value[0]?.address).toBe(fixture.email);
    expect(mail.subject).toBe('Your before & after report from Sparkle & Shine');
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
    expect(mail.headers.has('list-unsubscribe')).toBe(false);

    const html = mail.html || '';
    const button = /<a href="([^"]+)"[^>]*>View your report<\/a>/.exec(html);
    expect(button?.[1]).toBe(link.url);
    expect(html).toContain('Thanks Jane!\nSee you next week.');
    expect(mail.text).toContain(`View your report: ${link.url}`);
    expect(mail.text).toContain('Thanks Jane!');
    expect(mail.text).not.toMatch(/<[a-z]/i);

    const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf?.filename).toMatch(/^Jane_Smith_Report_\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(mail.text).toContain('The report is also attached as a PDF.');
  });

  it("shows the business logo inside the message, and is written in the owner's language", async () => {
    const fixture = await ownerWithSharedReport(t, { businessName: 'Limpiezas Sol' });
    expect((await fixture.owner.patch('/api/user/preferences', { locale: 'es' })).status).toBe(200);
    const logo = await makePhotoJpeg(120, 60, { seed: 3 });
    expect((await fixture.owner.post('/api/user/logo', undefined, { raw: logo, headers: { 'content-type': 'image/jpeg' } })).status).toBe(200);
    const to = uniqueEmail('cliente');
    expect((await fixture.owner.post(`/api/projects/${fixture.project.id}/send`, { to, linkId: fixture.link.id })).status).toBe(202);
    const mail = await simpleParser((await smtp.waitForMailTo(to)).raw, { keepCidLinks: true });
    expect(mail.subject).toBe('Tu informe de antes y después de Limpiezas Sol');
    const image = mail.attachments.find((a) => a.contentType === 'image/jpeg');
    expect(image?.cid).toBeTruthy();
    expect(mail.html || '').toContain(`src="cid:${image?.cid}"`);
    // The given link, not a new one.
    expect(mail.html || '').toContain(`>Ver tu informe</a>`);
    expect(mail.text).toContain(fixture.link.url);
  });

  it('sends the link only when the PDF is over 5 MB', async () => {
    const owner = t.client();
    await registerUser(owner, { businessName: 'Big Jobs' });
    const project = await createProject(owner, { clientName: 'Mansion' });
    // Noise does not compress: 1024x768 at quality 100 is close to 1 MB, kept byte for byte.
    for (let i = 0; i < 5; i += 1) {
      const ids: number[] = [];
      for (const type of ['before', 'after'] as const) {
        const upload = await uploadRawPhoto(owner, project.id, type, await makePhotoJpeg(1024, 768, { seed: 100 + i * 2 + ids.length, quality: 100 }));
        expect(upload.status, upload.text).toBe(201);
        ids.push(upload.body.id);
      }
      expect((await owner.post(`/api/projects/${project.id}/photo-pairs`, { beforePhotoId: ids[0], afterPhotoId: ids[1] })).status).toBe(201);
    }
    const pdf = await owner.get(`/api/projects/${project.id}/report.pdf`);
    expect(Number(pdf.headers.get('content-length'))).toBeGreaterThan(5 * 1024 * 1024);

    const to = uniqueEmail('mansion');
    const sent = await owner.post<SendProjectResponse>(`/api/projects/${project.id}/send`, { to });
    expect(sent.status, sent.text).toBe(202);
    const mail = await readMail(to);
    expect(mail.attachments.filter((a) => a.contentType === 'application/pdf')).toHaveLength(0);
    expect(mail.text).toContain('The PDF is too large to attach');
    expect(mail.text).toMatch(new RegExp(`${APP_URL.replace(/\./g, '\\.')}/r/[A-Za-z0-9_-]{43}`));
  }, 120_000);

  it('is 400 for a bad address or message, 409 without a pair, 402 once the trial has ended, 404 for another account', async () => {
    const fixture = await ownerWithSharedReport(t);
    const path = `/api/projects/${fixture.project.id}/send`;
    const badTo = await fixture.owner.post<{ code: string }>(path, { to: 'not-an-email' });
    expect([badTo.status, badTo.body.code]).toEqual([400, 'email_invalid']);
    expect((await fixture.owner.post(path, {})).status).toBe(400);
    const long = await fixture.owner.post<{ code: string }>(path, { to: uniqueEmail(), message: 'x'.repeat(1001) });
    expect([long.status, long.body.code]).toEqual([400, 'send_message_too_long']);

    const empty = await createProject(fixture.owner);
    await addPhoto(fixture.owner, empty.id, 'before');
    const noPair = await fixture.owner.post<{ code: string }>(`/api/projects/${empty.id}/send`, { to: uniqueEmail() });
    expect([noPair.status, noPair.body.code]).toEqual([409, 'no_pairs_to_share']);

    const other = t.client();
    await registerUser(other);
    expect((await other.post(path, { to: uniqueEmail() })).status).toBe(404);
    const otherProject = await createProject(other);
    const foreignLink = await fixture.owner.post<{ code: string }>(path, { to: uniqueEmail(), linkId: 2_000_000 });
    expect([foreignLink.status, foreignLink.body.code]).toEqual([404, 'link_not_found']);
    expect(otherProject.id).toBeGreaterThan(0);

    expect((await fixture.owner.delete(`/api/share-links/${fixture.link.id}`)).status).toBe(200);
    const revoked = await fixture.owner.post<{ code: string }>(path, { to: uniqueEmail(), linkId: fixture.link.id });
    expect([revoked.status, revoked.body.code]).toEqual([409, 'link_not_live']);

    t.clock.advance((TRIAL_DAYS + 1) * DAY_MS);
    const unpaid = await fixture.owner.post<{ code: string }>(path, { to: uniqueEmail() });
    expect([unpaid.status, unpaid.body.code]).toEqual([402, 'trial_ended']);
  });

  it('sends a report at most 20 times a day, even in a parallel burst', async () => {
    const fixture = await ownerWithSharedReport(t, { pairCount: 1 });
    const path = `/api/projects/${fixture.project.id}/send`;
    const before = smtp.received.length;
    const answers = await Promise.all(
      Array.from({ length: 22 }, () => fixture.owner.post<{ code: string }>(path, { to: uniqueEmail(), linkId: fixture.link.id })),
    );
    expect(answers.filter((a) => a.status === 202)).toHaveLength(20);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]?.body.code).toBe('report_sends_limited');
    await expect.poll(() => smtp.received.length - before).toBe(20);

    t.clock.advance(DAY_MS + 1000);
    expect((await fixture.owner.post(path, { to: uniqueEmail(), linkId: fixture.link.id })).status).toBe(202);
  }, 60_000);
});

describe('GET /api/projects/{id}/activity', () => {
  it('lists the report, its links, sends and opens newest first; an open keeps phone or computer and a count, never the address or user agent', async () => {
    const fixture = await ownerWithSharedReport(t);
    const to = uniqueEmail('jane');
    const sent = await fixture.owner.post<SendProjectResponse>(`/api/projects/${fixture.project.id}/send`, { to, linkId: fixture.link.id });
    expect(sent.status).toBe(202);

    const address = '203.0.113.77';
    t.clock.advance(60_000);
    expect((await visit(t, `/api/shared/${fixture.link.token}`, { address, headers: { 'user-agent': iphone } })).status).toBe(200);
    // Two more visits, a minute apart (a reload within the minute is the same visit).
    t.clock.advance(10_000);
    await visit(t, `/api/shared/${fixture.link.token}`, { address, headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)' } });
    t.clock.advance(120_000);
    await visit(t, `/api/shared/${fixture.link.token}`, { address, headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)' } });

    const activity = await fixture.owner.get<ActivityEvent[]>(`/api/projects/${fixture.project.id}/activity`);
    expect(activity.status).toBe(200);
    expect(activity.body.map((e) => e.type)).toEqual(['link_opened', 'email_sent', 'link_created', 'created']);
    const [opened, email, created] = activity.body;
    expect(opened?.detail).toMatchObject({ linkId: fixture.link.id, device: 'phone', count: 2 });
    expect(email).toMatchObject({ at: sent.body.sentAt, detail: { to, linkId: fixture.link.id } });
    expect(created?.detail).toMatchObject({ linkId: fixture.link.id });
    const times = activity.body.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);

    // Nothing the visitor sent is stored: not the address, not the user agent.
    const [row] = await t.query<Record<string, unknown>>(sql`select * from share_links where id = ${fixture.link.id}`);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(address);
    expect(stored).not.toContain('iPhone');
    expect(stored).not.toContain('Windows');
    const dump = await t.query<{ text: string }>(sql`select string_agg(t::text, ' ') as text from (select * from project_sends) t`);
    expect(dump[0]?.text ?? '').not.toContain(address);
  });

  it("is 404 for another account's report", async () => {
    const fixture = await ownerWithSharedReport(t, { pairCount: 1 });
    const other = t.client();
    await registerUser(other);
    expect((await other.get(`/api/projects/${fixture.project.id}/activity`)).status).toBe(404);
    const link = await createShareLink(fixture.owner, fixture.project.id);
    expect(link.id).toBeGreaterThan(fixture.link.id);
  });
});
