// Sending a report from the business, on a phone: the owner emails it from the Send sheet (the
// mail lands in the outbox with the link), the sheet offers Text message, WhatsApp and Copy link
// with the link, and the report says "Sent to … · Opened … on a phone" once the client opens it.
import { expect, test } from '@playwright/test';
import { PHONE, actAsNewVisitor, expectToast, readLatestMail, registerThroughUi, uniqueEmail } from './support';
import { seedReport } from './reports-support';

const SHOTS = 'test-results/send-report';

test.describe('sending a report on a phone', () => {
  test.use(PHONE);

  test('the owner emails the report; the client opens it on a phone; the report says so', async ({ page, baseURL, browser }) => {
    test.setTimeout(150_000);
    await registerThroughUi(page, { businessName: 'Sparkle Cleaning' });
    const { projectId } = await seedReport(page, baseURL!, 'Jane Smith', 1);
    await page.goto(`/?project=${projectId}`);

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Send to your client' });
    await expect(sheet).toBeVisible();
    // No link yet: the other ways wait for one.
    await expect(sheet.getByText(/Make a client link with Share link first/)).toBeVisible();
    const to = uniqueEmail('jane');
    await sheet.getByLabel("Client's email").fill(to);
    await sheet.getByLabel('Message (optional)').fill('Thanks Jane, see you next week.');
    await page.screenshot({ path: `${SHOTS}/send-sheet-phone.png` });
    await sheet.getByRole('button', { name: 'Send email' }).click();
    await expectToast(page, 'Report sent', `We emailed the report to ${to}.`);
    await expect(sheet).toBeHidden();

    const mail = await readLatestMail(to);
    expect(mail).toMatch(/^From: "?Sparkle Cleaning"? </m);
    expect(mail).toMatch(/^Subject: Your before & after report from Sparkle Cleaning/m);
    const link = new RegExp(`${baseURL}/r/[A-Za-z0-9_-]{43}`).exec(mail.replace(/=\r?\n/g, ''))?.[0];
    expect(link).toBeTruthy();

    const status = page.getByTestId('sent-status');
    await expect(status).toContainText(`Sent to ${to.split('@')[0]}@…`);
    await expect(status).toContainText('Not opened yet');

    // The sheet again: now the link can go by text message, WhatsApp or the clipboard.
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(sheet.getByRole('link', { name: 'Text message' })).toHaveAttribute('href', `sms:?&body=${encodeURIComponent(link!)}`);
    await expect(sheet.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(link!)}`);
    await expect(sheet.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/send-sheet-other-ways-phone.png` });
    await page.keyboard.press('Escape');

    const client = await (await browser.newContext(PHONE)).newPage();
    await actAsNewVisitor(client);
    expect((await client.goto(link!))?.status()).toBe(200);
    await expect(client.getByRole('heading', { level: 1, name: 'Jane Smith' })).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('sent-status')).toContainText(/Opened .* on a phone/);
    await page.screenshot({ path: `${SHOTS}/report-sent-opened-phone.png` });
  });
});
