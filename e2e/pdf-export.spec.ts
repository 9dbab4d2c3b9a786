// Export to PDF: the PDF is built in the browser from the stored photos; desktop
// downloads it, a phone offers it to the share sheet.
import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { inspectPdf } from '../src/server/test-support/pdf-inspection';
import {
  DESKTOP,
  PHONE,
  actAsNewVisitor,
  answerFilenameDialog,
  expectToast,
  recordShareSheet,
  recordToasts,
  registerThroughUi,
  sharedFiles,
  toastTitles,
  uniqueEmail,
} from './support';
import { seedReport } from './reports-support';
import { useDeviceLocale } from './a11y-support';

const BUSINESS = 'Sparkle Cleaning Co';
const CLIENT = 'Zoë Ångström';
const SHOTS = 'test-results/pdf-export';

/** The JPEG streams inside a PDF, base64 each, sorted. */
async function embeddedJpegs(bytes: Uint8Array): Promise<string[]> {
  return (await inspectPdf(bytes)).images
    .filter((image) => image.filter === '/DCTDecode')
    .map((image) => Buffer.from(image.bytes).toString('base64'))
    .sort();
}

async function storedJpegs(page: Page, photoIds: number[]): Promise<string[]> {
  const all = await Promise.all(photoIds.map(async (id) => Buffer.from(await (await page.request.get(`/api/photos/${id}/image`)).body()).toString('base64')));
  return all.sort();
}

test.describe('Export to PDF on desktop', () => {
  test.use(DESKTOP);

  test('is disabled until the report has a pair', async ({ page, baseURL }) => {
    await registerThroughUi(page, { businessName: BUSINESS });
    const { projectId } = await seedReport(page, baseURL!, CLIENT, 0);
    await page.goto(`/?project=${projectId}`);
    await expect(page.getByRole('button', { name: 'Export to PDF' })).toBeDisabled();
  });

  test('prompts for a file name and downloads the PDF with every stored photo in it', async ({ page, baseURL }) => {
    test.setTimeout(120_000); // eight real photo uploads on a shared 2-core machine
    await recordToasts(page);
    await registerThroughUi(page, { businessName: BUSINESS });
    const logo = await sharp({ create: { width: 360, height: 240, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 1 } } })
      .png()
      .toBuffer();
    expect((await page.request.post('/api/user/logo', { headers: { origin: baseURL!, 'content-type': 'image/png' }, data: logo })).status()).toBe(200);
    const { projectId, photoIds } = await seedReport(page, baseURL!, CLIENT, 4);
    await page.goto(`/?project=${projectId}`);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to PDF' }).click();
    // The app's own dialog (not window.prompt), offering spec §9's default.
    const offered = await answerFilenameDialog(page, 'Kitchen job / Zoë', `${SHOTS}/filename-dialog-desktop.png`);
    const download = await downloading;
    expect(offered).toMatch(/^Zoe_Angstrom_Report_\d{4}-\d{2}-\d{2}$/);
    expect(download.suggestedFilename()).toBe('Kitchen_job_Zoe.pdf');
    // Built off the main thread, so the page stayed responsive.
    expect(page.workers().some((worker) => worker.url().includes('report-pdf.worker'))).toBe(true);
    // spec §8: 'PDF Generated' once built, then 'Export Complete' once delivered; the first stays
    // on screen long enough to be read (spec gap 4) before the second replaces it.
    await expectToast(page, 'PDF Generated', 'Kitchen_job_Zoe.pdf is ready.');
    await expectToast(page, 'Export Complete');
    expect((await toastTitles(page)).slice(-2)).toEqual(['PDF Generated', 'Export Complete']);

    const file = await download.path();
    const bytes = new Uint8Array(await fs.readFile(file));
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const pdf = await inspectPdf(bytes);
    expect(pdf.pageCount).toBe(2); // four 4:3 pairs, three to a page
    const text = pdf.pageTexts.join('\n');
    for (const expected of [BUSINESS, CLIENT, 'BEFORE', 'AFTER', 'Page 1 of 2', 'Page 2 of 2']) expect(text).toContain(expected);
    expect(await embeddedJpegs(bytes)).toEqual(await storedJpegs(page, photoIds));
    await fs.mkdir(SHOTS, { recursive: true });
    await fs.copyFile(file, `${SHOTS}/pdf-export-desktop.pdf`);
    await page.screenshot({ path: `${SHOTS}/pdf-export-desktop.png` });
  });

  test("says 'Export Failed' when a photo cannot be fetched, and exports once it can", async ({ page, baseURL }) => {
    await registerThroughUi(page, { businessName: BUSINESS });
    const { projectId } = await seedReport(page, baseURL!, CLIENT, 1);
    await page.goto(`/?project=${projectId}`);
    // The signal drops while the photos are fetched.
    await page.route('**/api/photos/*/image', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Export to PDF' }).click();
    await answerFilenameDialog(page);
    await expectToast(page, 'Export Failed', 'Failed to generate PDF report');
    await expect(page.getByRole('button', { name: 'Export to PDF' })).toBeEnabled();

    await page.unroute('**/api/photos/*/image');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to PDF' }).click();
    await answerFilenameDialog(page);
    expect((await downloading).suggestedFilename()).toMatch(/^Zoe_Angstrom_Report_\d{4}-\d{2}-\d{2}\.pdf$/);
    await expectToast(page, 'Export Complete');
  });
});

test.describe('Export to PDF on a phone', () => {
  test.use(PHONE);

  test('offers the PDF file to the share sheet', async ({ page, baseURL }) => {
    await recordShareSheet(page);
    await registerThroughUi(page, { businessName: BUSINESS });
    const { projectId, photoIds } = await seedReport(page, baseURL!, CLIENT, 1);
    await page.goto(`/?project=${projectId}`);

    await page.getByRole('button', { name: 'Export to PDF' }).click();
    await answerFilenameDialog(page, undefined, `${SHOTS}/filename-dialog-phone.png`);
    await expectToast(page, 'Export Complete', 'shared');
    await page.screenshot({ path: `${SHOTS}/pdf-export-phone.png` });

    const shared = await sharedFiles(page);
    expect(shared).toHaveLength(1);
    const [file] = shared;
    expect(file!.name).toMatch(/^Zoe_Angstrom_Report_\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(file!.type).toBe('application/pdf');
    expect(Buffer.from(file!.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect((await inspectPdf(file!.bytes)).pageCount).toBe(1);
    expect(await embeddedJpegs(file!.bytes)).toEqual(await storedJpegs(page, photoIds));
  });
});

test.describe('Export to PDF in Spanish', () => {
  test.use({ ...DESKTOP, locale: 'es-ES' });

  test("offers the Spanish default name, client name + 'Informe' + date", async ({ page, baseURL }) => {
    await actAsNewVisitor(page);
    await useDeviceLocale(page, 'es');
    const registered = await page.request.post('/api/register', {
      headers: { origin: baseURL! },
      data: { email: uniqueEmail('pdf-es'), password: 'correct horse', confirmPassword: 'correct horse', businessName: 'Limpiezas Sol', locale: 'es' },
    });
    expect(registered.status()).toBe(201);
    const { projectId } = await seedReport(page, baseURL!, CLIENT, 1);
    await page.goto(`/?project=${projectId}`);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar a PDF' }).click();
    const dialog = page.getByRole('dialog', { name: 'Guardar el informe PDF como' });
    const field = dialog.getByLabel('Nombre del archivo');
    await expect(field).toHaveValue(/^Zoe_Angstrom_Informe_\d{4}-\d{2}-\d{2}$/);
    await dialog.getByRole('button', { name: 'Exportar PDF' }).click();
    expect((await downloading).suggestedFilename()).toMatch(/^Zoe_Angstrom_Informe_\d{4}-\d{2}-\d{2}\.pdf$/);
  });
});

for (const [name, device] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`business logo on ${name}`, () => {
    test.use(device);

    test('is uploaded and removed in Business Settings', async ({ page }) => {
      await registerThroughUi(page, { businessName: BUSINESS });
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('menuitem', { name: 'Business Settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Business Settings' });
      await expect(dialog.getByText('No logo')).toBeVisible();

      const logo = await sharp({ create: { width: 480, height: 240, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 1 } } })
        .composite([
          {
            input: Buffer.from(
              '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="240"><text x="240" y="150" font-size="90" text-anchor="middle" fill="#fff" font-family="sans-serif">SPARKLE</text></svg>',
            ),
          },
        ])
        .png()
        .toBuffer();
      const choosing = page.waitForEvent('filechooser');
      await dialog.getByRole('button', { name: 'Upload logo' }).click();
      await (await choosing).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
      await expectToast(page, 'Logo Updated');
      const preview = dialog.getByRole('img', { name: 'Your business logo' });
      await expect(preview).toBeVisible();
      await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
      await page.screenshot({ path: `${SHOTS}/business-logo-${name}.png` });

      // A file that is not PNG or JPEG is refused before it is sent.
      const choosingAgain = page.waitForEvent('filechooser');
      await dialog.getByRole('button', { name: 'Replace logo' }).click();
      await (await choosingAgain).setFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
      await expectToast(page, 'Invalid File');
      await expect(preview).toBeVisible();

      await dialog.getByRole('button', { name: 'Remove logo' }).click();
      await expectToast(page, 'Logo Removed');
      await expect(dialog.getByText('No logo')).toBeVisible();
      expect((await page.request.get('/api/user/logo')).status()).toBe(404);
    });
  });
}
