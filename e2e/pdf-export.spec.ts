// Export to PDF (issue 4): the PDF is built in the browser from the stored photos; desktop
// downloads it, a phone offers it to the share sheet.
import fs from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { DESKTOP, PHONE, expectToast, registerThroughUi } from './support';

const BUSINESS = 'Sparkle Cleaning Co';
const CLIENT = 'Zoë Ångström';
const HUES = ['#0ea5e9', '#f97316', '#22c55e', '#a855f7', '#ef4444', '#eab308', '#14b8a6', '#6366f1'];

/** A real JPEG with a recognisable scene (gradient, shapes, grain) in the given colour. */
async function makeJpeg({ width, height, hue }: { width: number; height: number; hue: string }): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hue}"/><stop offset="1" stop-color="#0f172a"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.3}" cy="${height * 0.45}" r="${Math.min(width, height) * 0.2}" fill="#ffffff" fill-opacity="0.55"/>
    <rect x="${width * 0.55}" y="${height * 0.3}" width="${width * 0.3}" height="${height * 0.4}" rx="${width * 0.02}" fill="#fde68a" fill-opacity="0.8"/>
  </svg>`;
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } } }).png().toBuffer();
  return sharp(Buffer.from(svg)).composite([{ input: grain, blend: 'overlay' }]).jpeg({ quality: 85 }).toBuffer();
}

interface Seeded {
  projectId: number;
  photoIds: number[];
}

/** A report with `pairCount` pairs, made through the API as the signed-in page's user. */
async function seedReport(page: Page, baseURL: string, pairCount: number): Promise<Seeded> {
  const api: APIRequestContext = page.request;
  const headers = { origin: baseURL };
  const created = await api.post('/api/projects', { headers, data: { clientName: CLIENT, description: 'Kitchen and bathroom deep clean, oven, grout and windows' } });
  expect(created.status()).toBe(201);
  const projectId = ((await created.json()) as { id: number }).id;
  const photoIds: number[] = [];
  for (let i = 0; i < pairCount; i += 1) {
    const ids: number[] = [];
    for (const type of ['before', 'after'] as const) {
      const bytes = await makeJpeg({ width: 800, height: 600, hue: HUES[(2 * i + (type === 'after' ? 1 : 0)) % HUES.length]! });
      const upload = await api.post(`/api/projects/${projectId}/photos?type=${type}`, { headers: { ...headers, 'content-type': 'image/jpeg' }, data: bytes });
      expect(upload.status()).toBe(201);
      ids.push(((await upload.json()) as { id: number }).id);
    }
    const pair = await api.post(`/api/projects/${projectId}/photo-pairs`, { headers, data: { beforePhotoId: ids[0], afterPhotoId: ids[1] } });
    expect(pair.status()).toBe(201);
    photoIds.push(...ids);
  }
  return { projectId, photoIds };
}

/** The JPEG streams inside a PDF, base64 each, sorted. */
async function embeddedJpegs(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const found: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (object instanceof PDFRawStream && object.dict.get(PDFName.of('Filter'))?.toString() === '/DCTDecode') found.push(Buffer.from(object.contents).toString('base64'));
  }
  return found.sort();
}

async function storedJpegs(page: Page, photoIds: number[]): Promise<string[]> {
  const all = await Promise.all(photoIds.map(async (id) => Buffer.from(await (await page.request.get(`/api/photos/${id}/image`)).body()).toString('base64')));
  return all.sort();
}

function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

test.describe('Export to PDF on desktop', () => {
  test.use(DESKTOP);

  test('is disabled until the report has a pair', async ({ page, baseURL }) => {
    await registerThroughUi(page, { businessName: BUSINESS });
    const { projectId } = await seedReport(page, baseURL!, 0);
    await page.goto(`/?project=${projectId}`);
    await expect(page.getByRole('button', { name: 'Export to PDF' })).toBeDisabled();
  });

  test('prompts for a file name and downloads the PDF with every stored photo in it', async ({ page, baseURL }) => {
    test.setTimeout(120_000); // eight real photo uploads on a shared 2-core machine
    await registerThroughUi(page, { businessName: BUSINESS });
    const logo = await sharp({ create: { width: 360, height: 240, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 1 } } }).png().toBuffer();
    expect((await page.request.post('/api/user/logo', { headers: { origin: baseURL!, 'content-type': 'image/png' }, data: logo })).status()).toBe(200);
    const { projectId, photoIds } = await seedReport(page, baseURL!, 4);
    await page.goto(`/?project=${projectId}`);

    let promptDefault = '';
    page.once('dialog', async (dialog) => {
      expect(dialog.type()).toBe('prompt');
      promptDefault = dialog.defaultValue();
      await dialog.accept('Kitchen job / Zoë');
    });
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to PDF' }).click();
    const download = await downloading;
    expect(promptDefault).toMatch(/^Zoe_Angstrom_Report_\d{4}-\d{2}-\d{2}$/);
    expect(download.suggestedFilename()).toBe('Kitchen_job_Zoe.pdf');
    // Built off the main thread, so the page stayed responsive.
    expect(page.workers().some((worker) => worker.url().includes('report-pdf.worker'))).toBe(true);
    await expectToast(page, 'Export Complete');

    const file = await download.path();
    const bytes = new Uint8Array(await fs.readFile(file));
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(2); // four 4:3 pairs, three to a page
    const text = pdfText(file);
    for (const expected of [BUSINESS, CLIENT, 'BEFORE', 'AFTER', 'Page 1 of 2', 'Page 2 of 2']) expect(text).toContain(expected);
    expect(await embeddedJpegs(bytes)).toEqual(await storedJpegs(page, photoIds));
    await fs.copyFile(file, 'test-results/pdf-export/pdf-export-desktop.pdf');
    await page.screenshot({ path: 'test-results/pdf-export/pdf-export-desktop.png' });
  });
});

test.describe('Export to PDF on a phone', () => {
  test.use(PHONE);

  test('offers the PDF file to the share sheet', async ({ page, baseURL }) => {
    // The share sheet is the browser's boundary: record what it is offered.
    await page.addInitScript(() => {
      const record = window as unknown as { sharedFiles?: { name: string; type: string; base64: string }[]; canShareAsked?: number };
      record.canShareAsked = 0;
      Object.defineProperty(navigator, 'canShare', {
        configurable: true,
        value: (data?: ShareData) => {
          record.canShareAsked = (record.canShareAsked ?? 0) + 1;
          return Boolean(data?.files?.length);
        },
      });
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data?: ShareData) => {
          record.sharedFiles = await Promise.all(
            (data?.files ?? []).map(async (file) => {
              const bytes = new Uint8Array(await file.arrayBuffer());
              let binary = '';
              for (const byte of bytes) binary += String.fromCharCode(byte);
              return { name: file.name, type: file.type, base64: btoa(binary) };
            }),
          );
        },
      });
    });
    await registerThroughUi(page, { businessName: BUSINESS });
    const { projectId, photoIds } = await seedReport(page, baseURL!, 1);
    await page.goto(`/?project=${projectId}`);

    page.once('dialog', (dialog) => void dialog.accept(dialog.defaultValue()));
    await page.getByRole('button', { name: 'Export to PDF' }).click();
    await expectToast(page, 'Export Complete', 'shared');
    await page.screenshot({ path: 'test-results/pdf-export/pdf-export-phone.png' });

    const shared = await page.evaluate(() => (window as unknown as { sharedFiles?: { name: string; type: string; base64: string }[] }).sharedFiles);
    expect(shared).toHaveLength(1);
    const [file] = shared!;
    expect(file!.name).toMatch(/^Zoe_Angstrom_Report_\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(file!.type).toBe('application/pdf');
    const bytes = new Uint8Array(Buffer.from(file!.base64, 'base64'));
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
    expect(await embeddedJpegs(bytes)).toEqual(await storedJpegs(page, photoIds));
  });
});

for (const [name, device] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
  test.describe(`business logo on ${name}`, () => {
    test.use(device);

    test('is uploaded and removed in Business Settings', async ({ page }) => {
      await registerThroughUi(page, { businessName: BUSINESS });
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('menuitem', { name: 'Business Settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Business Settings' });
      await expect(dialog.getByText('No logo')).toBeVisible();

      const logo = await sharp({ create: { width: 480, height: 240, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 1 } } })
        .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="480" height="240"><text x="240" y="150" font-size="90" text-anchor="middle" fill="#fff" font-family="sans-serif">SPARKLE</text></svg>') }])
        .png()
        .toBuffer();
      const choosing = page.waitForEvent('filechooser');
      await dialog.getByRole('button', { name: 'Upload logo' }).click();
      await (await choosing).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
      await expectToast(page, 'Logo Updated');
      const preview = dialog.getByRole('img', { name: 'Your business logo' });
      await expect(preview).toBeVisible();
      await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
      await page.screenshot({ path: `test-results/pdf-export/business-logo-${name}.png` });

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
