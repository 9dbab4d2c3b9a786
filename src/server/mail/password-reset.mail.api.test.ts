// Mail through a real SMTP server (smtp-server, in this process on a random port): the reset
// link is read from the message the server received, works once, and fails the second time; the
// message has the app's look (logo, button) in its HTML part and the same words as plain text.
import fs from 'node:fs';
import { simpleParser } from 'mailparser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { registerUser, TestClient } from '../test-support/test-client.js';
import { BRAND_MARK_SVG } from './brand-logo.js';
import { findResetLink } from '../test-support/mail-text.js';
import { startSmtpCapture, type SmtpCapture } from '../test-support/smtp-capture.js';

const SMTP_USER = 'mailer';
const SMTP_PASS = 'smtp-secret';

let smtp: SmtpCapture;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpCapture({ credentials: { user: SMTP_USER, pass: SMTP_PASS } });
  t = await startTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'CleanProof <hello@cleanproof.test>' } });
}, 180_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('password reset mail over SMTP', () => {
  it('delivers a link that resets the password once and fails the second time', async () => {
    const { email, password } = await registerUser(t.client());
    const forgot = await t.client().post('/api/forgot-password', { email });
    expect(forgot.status).toBe(200);

    const mail = await smtp.waitForMailTo(email);
    expect(mail.from).toBe('hello@cleanproof.test');
    expect(mail.user).toBe(SMTP_USER);
    expect(mail.raw).toMatch(/^Subject: Reset your CleanProof password/m);
    const link = new URL(findResetLink(mail.raw));
    expect(`${link.origin}${link.pathname}`).toBe(`${t.config.appUrl}/reset-password`);
    const token = link.searchParams.get('token');

    const first = await t.client().post<{ message: string }>('/api/reset-password', { token, password: 'fresh password' });
    expect(first.status).toBe(200);
    expect((await t.client().post('/api/login', { email, password: 'fresh password' })).status).toBe(200);
    expect((await t.client().post('/api/login', { email, password })).status).toBe(401);

    const second = await t.client().post<{ message: string }>('/api/reset-password', { token, password: 'second attempt' });
    expect(second.status).toBe(400);
    expect(second.body.message).toMatch(/already been used/);
    expect((await t.client().post('/api/login', { email, password: 'second attempt' })).status).toBe(401);
  });
});

describe("the reset message has the app's look", () => {
  async function receivedResetMail(locale: 'en' | 'es') {
    const client: TestClient = t.client();
    const { email } = await registerUser(client);
    if (locale === 'es') expect((await client.patch('/api/user/preferences', { locale: 'es' })).status).toBe(200);
    expect((await t.client().post('/api/forgot-password', { email })).status).toBe(200);
    return simpleParser((await smtp.waitForMailTo(email)).raw, { keepCidLinks: true });
  }

  it('sends an HTML part with the logo inside the message and a button to the link, and a plain-text part with the link', async () => {
    const mail = await receivedResetMail('en');
    const html = mail.html || '';
    const text = mail.text ?? '';
    const link = findResetLink(text);
    expect(`${new URL(link).origin}${new URL(link).pathname}`).toBe(`${t.config.appUrl}/reset-password`);

    // The logo travels in the message (no remote picture a mail app would hold back) as a real PNG.
    const logo = mail.attachments.find((attachment) => attachment.contentType === 'image/png');
    expect(logo?.cid).toBeTruthy();
    expect(html).toContain(`src="cid:${logo?.cid}"`);
    const { width, height, format } = await sharp(logo?.content).metadata();
    expect({ width, height, format }).toEqual({ width: 96, height: 96, format: 'png' });

    // The button: the link on a brand-coloured, padded link, then the link written out for copying.
    const button = /<td style="[^"]*background-color:#0f766e[^"]*"><a href="([^"]+)"[^>]*>([^<]+)<\/a><\/td>/.exec(html);
    expect(button?.[1]).toBe(link);
    expect(button?.[2]).toBe('Reset your password');
    expect(html).toContain(`>${link}</a>`);
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toContain('<h1');

    // The text part says the same without markup.
    expect(text).toContain('Reset your password');
    expect(text).toContain('The link works once.');
    expect(text).not.toMatch(/<[a-z]/i);
    expect(mail.subject).toBe('Reset your CleanProof password');
  });

  it("is written in the account's language", async () => {
    const mail = await receivedResetMail('es');
    expect(mail.subject).toBe('Restablece tu contraseña de CleanProof');
    expect(mail.html || '').toMatch(/<html lang="es">/);
    expect(mail.html || '').toContain('>Restablecer la contraseña</a>');
    expect(mail.text).toContain('El enlace solo funciona una vez.');
    expect(findResetLink(mail.text ?? '')).toContain('/reset-password?token=');
  });

  it("draws the logo from the same picture as the app's icon", () => {
    expect(fs.readFileSync(new URL('../../web/public/icon.svg', import.meta.url), 'utf8').trim()).toBe(BRAND_MARK_SVG);
  });
});
