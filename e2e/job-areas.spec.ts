import { expect, test } from '@playwright/test';
import { PHONE, answerFilenameDialog, recordShareSheet, registerThroughUi, sharedFiles } from './support';
import { extractPageTexts } from '../src/server/test-support/pdf-inspection';
import { DESKTOP } from './support';
import { expectNoAxeViolations, registerThroughApi, useDeviceLocale } from './a11y-support';
import { makeJpeg } from './reports-support';

test.use(PHONE);

test('a Deep clean report walks its areas: Finish refused with the list, an area skipped, then finished, and its PDF goes area by area', async ({ page }) => {
  await recordShareSheet(page);
  await registerThroughUi(page);
  const created = await page.request.post('/api/projects', { data: { templateId: 'deep-clean', bedrooms: 2, bathrooms: 1 } });
  expect(created.status()).toBe(201);
  const report = (await created.json()) as { id: number; areas: Array<{ id: number; name: string; minBefore: number; minAfter: number }> };
  // Every area but the last gets its photos through the API; the last is left for the gate.
  for (const area of report.areas.slice(0, -1)) {
    for (const type of ['before', 'after'] as const) {
      for (let shot = 0; shot < (type === 'before' ? area.minBefore : area.minAfter); shot += 1) {
        const bytes = await makeJpeg({ width: 64, height: 48, hue: type === 'before' ? '#884400' : '#44aa88' });
        const response = await page.request.post(`/api/projects/${report.id}/photos?type=${type}&areaId=${area.id}`, {
          data: bytes,
          headers: { 'content-type': 'image/jpeg' },
        });
        expect(response.status()).toBe(201);
      }
    }
  }
  // Each area's befores and afters pair within the area.
  expect((await page.request.post(`/api/projects/${report.id}/auto-pair-all`)).status()).toBe(200);
  await page.goto(`/?project=${report.id}`);
  await expect(page.getByRole('heading', { name: 'Areas' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Bedroom 2/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Kitchen.*2\/2 before · 2\/2 after/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/job-areas-walk.png', fullPage: true });

  await page.getByRole('button', { name: 'Finish job' }).click();
  const missing = page.getByTestId('finish-missing');
  await expect(missing).toContainText('Baseboards and windows: 0/1 before · 0/1 after');
  await expectNoAxeViolations(page, 'the areas, with what is missing');
  await page.screenshot({ path: 'test-results/job-areas-missing.png', fullPage: true });

  const last = report.areas.at(-1)!;
  await page.locator(`#area-row-${last.id}`).getByRole('button', { name: 'Skip' }).click();
  await page.getByLabel('Not in scope').check();
  await page.getByLabel('Note (optional)').fill('Client asked to leave them');
  await page.getByRole('button', { name: 'Skip area' }).click();
  await expect(page.locator(`#area-row-${last.id}`)).toContainText('Skipped: Not in scope');

  await page.getByRole('button', { name: 'Finish job' }).click();
  await expect(page.getByTestId('job-finished')).toBeVisible();
  // Share link and Export hand over the finished job, and say so beside them.
  await expect(page.getByTestId('actions-finished')).toContainText('Job finished');
  await expectNoAxeViolations(page, 'a finished job with its areas');
  await page.screenshot({ path: 'test-results/job-areas-finished.png', fullPage: true });
  const loaded = (await (await page.request.get(`/api/projects/${report.id}?images=url`)).json()) as { status: string; photoPairs: unknown[] };
  expect(loaded.status).toBe('finished');

  // The PDF the phone builds heads the pairs with their areas, in order, and says which was skipped.
  expect(loaded.photoPairs.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Export to PDF' }).click();
  await answerFilenameDialog(page);
  // Built in the page after a large chunk loads: more than 10 s on a busy machine.
  await expect.poll(async () => (await sharedFiles(page)).length, { timeout: 30_000 }).toBe(1);
  const text = (await extractPageTexts((await sharedFiles(page))[0]!.bytes)).join('\n');
  const headings = report.areas.map((area) => text.indexOf(area.name));
  expect(headings.every((at) => at >= 0)).toBe(true);
  expect([...headings].sort((a, b) => a - b)).toEqual(headings);
  expect(text).toContain('Not in scope');
});

test('a blank report finished elsewhere offers Reopen job instead of Add Photos, and reopening brings the camera back', async ({ page }) => {
  await registerThroughUi(page);
  const created = await page.request.post('/api/projects', { data: { clientName: 'Ana Ruiz', description: 'Weekly clean' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const photo = await page.request.post(`/api/projects/${id}/photos?type=before`, {
    data: await makeJpeg({ width: 64, height: 48, hue: '#884400' }),
    headers: { 'content-type': 'image/jpeg' },
  });
  expect(photo.status()).toBe(201);
  // A blank report has no Finish job in the app: another client (a manager's, the API) finished it.
  expect((await page.request.post(`/api/projects/${id}/finish`)).status()).toBe(200);

  await page.goto(`/?project=${id}`);
  await expect(page.getByTestId('job-finished')).toHaveText('This job is finished. Reopen it to add photos.');
  // Nothing to capture with: a photo taken now would only wait on the phone for a reopen.
  await expect(page.getByRole('button', { name: 'Start Camera' })).toHaveCount(0);
  await expect(page.getByRole('tablist', { name: 'How to add photos' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'a finished blank report');
  await page.screenshot({ path: 'test-results/blank-report-finished.png', fullPage: true });

  await page.getByRole('button', { name: 'Reopen job' }).click();
  await expect(page.getByRole('button', { name: 'Start Camera' })).toBeVisible();
  await expect(page.getByTestId('job-finished')).toHaveCount(0);
  expect(((await (await page.request.get(`/api/projects/${id}`)).json()) as { status: string }).status).toBe('open');
});

test('Reopen job on a finished blank report with no signal brings Add Photos back at once, and the server reopens it when the signal returns', async ({
  page,
  context,
}) => {
  await registerThroughUi(page);
  const created = await page.request.post('/api/projects', { data: { clientName: 'Ana Ruiz', description: 'Weekly clean' } });
  const { id } = (await created.json()) as { id: number };
  expect((await page.request.post(`/api/projects/${id}/finish`)).status()).toBe(200);
  await page.goto(`/?project=${id}`);
  await expect(page.getByTestId('job-finished')).toBeVisible();

  await expect(page.getByTestId('no-photos')).toHaveText('No photos in this job.');

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Reopen job' }).click();
  // Kept in the outbox: on this phone the job is open again, and what is taken now goes behind the reopen.
  await expect(page.getByRole('button', { name: 'Start Camera' })).toBeVisible();
  await expect(page.getByTestId('job-finished')).toHaveCount(0);
  await expect(page.getByTestId('no-photos')).toHaveText(/^No photos yet\./);

  await context.setOffline(false);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/projects/${id}`)).json()) as { status: string }).status, { timeout: 60_000 })
    .toBe('open');
  await expect(page.getByRole('button', { name: 'Start Camera' })).toBeVisible();
});

test('a photo the server refused because the job was finished meanwhile waits on the phone, and goes once Reopen job is tapped', async ({ page }) => {
  await registerThroughUi(page);
  const created = await page.request.post('/api/projects', { data: { clientName: 'Ana Ruiz', description: 'Weekly clean' } });
  const { id } = (await created.json()) as { id: number };
  await page.goto(`/?project=${id}`);
  // A manager finishes the job while this phone's photo is on its way.
  let finishedFirst = false;
  await page.route(`**/api/projects/${id}/photos**`, async (route) => {
    if (!finishedFirst) {
      finishedFirst = true;
      expect((await page.request.post(`/api/projects/${id}/finish`)).status()).toBe(200);
    }
    await route.continue();
  });
  await page.getByRole('tab', { name: 'Upload' }).click();
  await page
    .getByTestId('photo-file-input')
    .setInputFiles({ name: 'p.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg({ width: 640, height: 480, hue: '#0369a1' }) });
  await page.getByRole('button', { name: 'Save as BEFORE' }).click();

  // Refused (409 report_finished): kept on the phone, in sight, under the finished job's Reopen job.
  await expect(page.getByTestId('job-finished')).toBeVisible();
  await expect(page.getByText('Kept on this device. The job was finished meanwhile; they upload once it is reopened.')).toBeVisible();
  const stored = async () => (await (await page.request.get(`/api/projects/${id}`)).json()) as { status: string; photos: unknown[] };
  expect((await stored()).photos).toHaveLength(0);

  // The reopen goes behind the waiting photo in the outbox, but is sent first: it is what the photo waits for.
  await page.getByRole('button', { name: 'Reopen job' }).click();
  await expect.poll(async () => (await stored()).photos.length, { timeout: 30_000 }).toBe(1);
  expect((await stored()).status).toBe('open');
  await expect(page.getByTestId('unpaired-photo')).toHaveCount(1);
});

test.describe('in Spanish on a desktop', () => {
  test.use({ ...DESKTOP, locale: 'es-ES' });

  test('the template picker and the areas of a report made from a template: in Spanish, and axe finds no violation', async ({ page, baseURL }) => {
    await useDeviceLocale(page, 'es');
    await registerThroughApi(page, baseURL!, 'Limpiezas Sol', 'es');
    await page.goto('/projects');
    await page.getByRole('button', { name: 'Desde una plantilla' }).click();
    await page.getByLabel(/^Limpieza profunda/).check();
    await expect(page.getByLabel('Dormitorios')).toBeVisible();
    await expectNoAxeViolations(page, 'template picker (es, desktop)');
    await page.screenshot({ path: 'test-results/job-areas-picker-es-desktop.png' });
    await page.getByRole('button', { name: 'Crear informe', exact: true }).click();
    await expect(page).toHaveURL(/\/\?project=\d+$/);
    // A new report opens in the camera; closed, the areas are in view.
    await page.getByTestId('field-camera').getByRole('button', { name: 'Apagar la cámara' }).click();
    await expect(page.getByRole('heading', { name: 'Zonas' })).toBeVisible();
    await expectNoAxeViolations(page, 'areas card (es, desktop)');
    await page.screenshot({ path: 'test-results/job-areas-es-desktop.png', fullPage: true });
  });
});
