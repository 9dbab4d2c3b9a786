// Hostile input in the browser and the PDF: client names, descriptions and business
// names that try HTML and script injection show as plain text on every screen that shows them
// (no dialog fires, no injected element appears), and as text in the PDF.
import fs from 'node:fs/promises';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { makePhotoJpeg } from '../src/server/test-support/photo-fixtures';
import { extractPageTexts } from '../src/server/test-support/pdf-inspection';
import { INJECTED_CLIENT_NAME, INJECTED_DESCRIPTION } from '../src/server/hardening/support/hostile-strings';
import { DESKTOP, PHONE, answerFilenameDialog, recordShareSheet, sharedFiles, uniqueEmail } from './support';

// Pages here load a report with photos; on a busy shared 2-core machine that can take longer than 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });

const INJECTED_BUSINESS = '<script>alert(1)</script>Shine & Co';
const TYPED_CLIENT_NAME = '<svg onload="alert(2)"></svg><u data-injected="1">Typed</u>';

/** Everything an injection would leave behind if it had worked. */
async function expectNoInjection(page: Page, dialogs: string[]) {
  expect(dialogs).toEqual([]);
  await expect(page.locator('[data-injected], svg[onload], img[src="x"], script:not([src])')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
}

/** A signed-in user (through the API, sharing the page's cookies) with a report holding one pair. */
async function seedInjectedReport(page: Page): Promise<number> {
  const password = 'correct horse';
  const registered = await page.request.post('/api/register', {
    data: { email: uniqueEmail('xss'), password, confirmPassword: password, businessName: INJECTED_BUSINESS },
  });
  expect(registered.status()).toBe(201);
  const created = await page.request.post('/api/projects', { data: { clientName: INJECTED_CLIENT_NAME, description: INJECTED_DESCRIPTION } });
  expect(created.status()).toBe(201);
  const projectId = ((await created.json()) as { id: number }).id;
  const photo = await makePhotoJpeg(640, 480, { seed: 5 });
  const ids: number[] = [];
  for (const type of ['before', 'after']) {
    const upload = await page.request.post(`/api/projects/${projectId}/photos?type=${type}`, { data: photo, headers: { 'content-type': 'image/jpeg' } });
    expect(upload.status()).toBe(201);
    ids.push(((await upload.json()) as { id: number }).id);
  }
  const pair = await page.request.post(`/api/projects/${projectId}/photo-pairs`, { data: { beforePhotoId: ids[0], afterPhotoId: ids[1] } });
  expect(pair.status()).toBe(201);
  return projectId;
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await extractPageTexts(bytes)).join(' ').replace(/\s+/g, ' ');
}

for (const [name, device] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`injection attempts on ${name}`, () => {
    test.use(device);

    test('show as text in the list, the editor and the PDF', async ({ page }, testInfo) => {
      // Two PDFs (server and browser) and several page loads: more than the default minute on a busy 2-core machine.
      test.setTimeout(150_000);
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        // The export asks its filename in the app's own dialog: any browser dialog is an injection firing.
        dialogs.push(`${dialog.type()}: ${dialog.message()}`);
        return void dialog.dismiss();
      });
      await recordShareSheet(page);
      const projectId = await seedInjectedReport(page);

      await page.goto('/');
      await expect(page.getByText(INJECTED_CLIENT_NAME, { exact: true })).toBeVisible();
      await expect(page.getByText(INJECTED_DESCRIPTION, { exact: true })).toBeVisible();
      await page.screenshot({ path: `test-results/hardening/security-list-${name}.png` });
      await expectNoInjection(page, dialogs);

      await page.goto(`/?project=${projectId}`);
      await expect(page.getByLabel('Client name')).toHaveValue(INJECTED_CLIENT_NAME);
      await expect(page.getByLabel('Description')).toHaveValue(INJECTED_DESCRIPTION);
      await expectNoInjection(page, dialogs);

      // Typed in the editor and saved on blur, it comes back as the same text.
      const saved = page.waitForResponse((response) => response.url().endsWith(`/api/projects/${projectId}`) && response.request().method() === 'PATCH');
      await page.getByLabel('Client name').fill(TYPED_CLIENT_NAME);
      await page.getByLabel('Description').focus();
      expect((await saved).status()).toBe(200);
      await page.goto('/');
      await expect(page.getByText(TYPED_CLIENT_NAME, { exact: true })).toBeVisible();
      await page.goto(`/?project=${projectId}`);
      await expect(page.getByLabel('Client name')).toHaveValue(TYPED_CLIENT_NAME);
      await page.screenshot({ path: `test-results/hardening/security-editor-${name}.png`, fullPage: true });
      await expectNoInjection(page, dialogs);

      // The server's PDF shows the strings as text.
      const pdf = await page.request.get(`/api/projects/${projectId}/report.pdf`);
      expect(pdf.status()).toBe(200);
      const serverText = await pdfText(new Uint8Array(await pdf.body()));
      expect(serverText).toContain(TYPED_CLIENT_NAME);
      expect(serverText).toContain(INJECTED_DESCRIPTION);
      expect(serverText).toContain(INJECTED_BUSINESS);

      // So does the PDF this browser builds with Export to PDF: downloaded on a desktop, shared on a phone.
      let browserPdf: Uint8Array;
      if (name === 'desktop') {
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: 'Export to PDF' }).click();
        await answerFilenameDialog(page);
        const file = testInfo.outputPath('browser-report.pdf');
        await (await download).saveAs(file);
        browserPdf = new Uint8Array(await fs.readFile(file));
      } else {
        await page.getByRole('button', { name: 'Export to PDF' }).click();
        await answerFilenameDialog(page);
        await expect.poll(async () => (await sharedFiles(page)).length).toBe(1);
        browserPdf = (await sharedFiles(page))[0]!.bytes;
      }
      const browserText = await pdfText(browserPdf);
      expect(browserText).toContain(TYPED_CLIENT_NAME);
      expect(browserText).toContain(INJECTED_DESCRIPTION);
      expect(browserText).toContain(INJECTED_BUSINESS);
      await expectNoInjection(page, dialogs);
    });
  });
}
