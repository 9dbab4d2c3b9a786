// A report made from a job template with no signal, on a phone (issue 25, Build §5): the templates
// kept on the device, the report's areas on screen at once, photos taken into each area with the
// fake camera, an area skipped, the gate shown on the phone, Finish kept; back online, the server
// makes the report, gets every photo in the area it was taken in, the skip, and checks the gate
// again as it finishes the job; and a finish the server refuses says which areas are missing.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { PHONE, controlledByServiceWorker, expectToast, recordToasts, registerThroughUi, toastTitles } from './support';
import { dismissToasts } from './reports-support';
import { expectNoAxeViolations } from './a11y-support';

const SHOTS = 'test-results/job-areas-screens';

test.describe.configure({ timeout: 240_000 });
test.use(PHONE);

interface StoredReport {
  status: string;
  templateId: string | null;
  areas: Array<{ id: number; name: string; skipped: { reason: string; note: string | null } | null }>;
  photos: Array<{ id: number; type: 'before' | 'after'; areaId: number | null; capturedAt: string | null }>;
  photoPairs: Array<{ beforePhoto: { areaId: number | null }; afterPhoto: { areaId: number | null } }>;
}

async function storedReport(context: BrowserContext, projectId: number): Promise<StoredReport> {
  const response = await context.request.get(`/api/projects/${projectId}?images=url`);
  expect(response.status()).toBe(200);
  return (await response.json()) as StoredReport;
}

/** The job templates have been kept on the device (IndexedDB), fetched by the app on its own once idle. */
async function waitForKeptTemplates(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            new Promise<boolean>((resolve) => {
              const open = indexedDB.open('cleanproof-offline');
              open.onerror = () => resolve(false);
              open.onsuccess = () => {
                try {
                  const request = open.result.transaction('queries').objectStore('queries').get('cleanproof-queries-v1');
                  request.onsuccess = () => {
                    const queries = (request.result?.state?.queries ?? []) as Array<{ queryHash: string }>;
                    resolve(queries.some((query) => query.queryHash === '["/api/templates"]'));
                  };
                  request.onerror = () => resolve(false);
                } catch {
                  resolve(false);
                }
              };
            }),
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** Signed in, the app's files and the templates on the device; then the signal goes. New Report from a template, offline. */
async function newReportOffline(page: Page, context: BrowserContext, template: RegExp, rooms: { bedrooms: number; bathrooms: number }): Promise<void> {
  await registerThroughUi(page);
  await controlledByServiceWorker(page);
  await waitForKeptTemplates(page);
  await context.setOffline(true);
  await page.goto('/projects');
  await expect(page.getByTestId('offline-pill')).toBeVisible();
  await page.getByRole('button', { name: 'From a template' }).click();
  await page.getByLabel(template).check();
  await page.getByLabel('Bedrooms').fill(String(rooms.bedrooms));
  await page.getByLabel('Bathrooms').fill(String(rooms.bathrooms));
  await page.getByRole('button', { name: 'Create report' }).click();
  await expect(page).toHaveURL(/\/\?project=-\d+$/);
  await expectToast(page, 'Report Created');
}

/** In the open full-screen camera: a before, then an after over the ghost of that before (still on the device), area by area. */
async function captureEachArea(page: Page, areas: readonly string[], leaveOut: readonly string[] = []): Promise<void> {
  const camera = page.getByTestId('field-camera');
  const capturing = camera.getByTestId('capturing-into');
  for (const [index, name] of areas.entries()) {
    await expect(capturing).toContainText(`${name} · ${index + 1} of ${areas.length}`);
    if (!leaveOut.includes(name)) {
      await camera.getByRole('radio', { name: 'Before' }).click();
      await camera.getByRole('button', { name: 'Take BEFORE photo' }).click();
      await expect(capturing).toContainText('1/1 before · 0/1 after');
      await camera.getByRole('radio', { name: 'After' }).click();
      // The ghost is this area's before, kept on the device (no signal): the one choice in the strip.
      await expect(camera.getByTestId('before-choice')).toHaveCount(1);
      await expect(camera.getByTestId('ghost-overlay')).toHaveAttribute('src', /^blob:/);
      await camera.getByRole('button', { name: 'Take AFTER photo' }).click();
      await expect(capturing).toContainText('1/1 before · 1/1 after');
    }
    const next = areas[index + 1];
    if (next) await camera.getByRole('button', { name: `Next area: ${next}` }).click();
  }
  await camera.getByRole('button', { name: 'Stop Camera' }).click();
  await expect(camera).toBeHidden();
  await dismissToasts(page);
}

const STANDARD_2_1 = ['Entrance', 'Living room', 'Kitchen', 'Bedroom 1', 'Bedroom 2', 'Bathroom 1'];

test('with no signal: a Standard clean with its areas at once, photos into each, a skip, the gate and Finish; online, the server has it all, area by area, and finishes it', async ({
  page,
  context,
}) => {
  await newReportOffline(page, context, /^Standard clean/, { bedrooms: 2, bathrooms: 1 });
  // The areas, made on the phone from the kept template by the server's rule; the camera opens in the first.
  await expect(page.getByTestId('field-camera')).toBeVisible();
  await captureEachArea(page, STANDARD_2_1, ['Bedroom 2']);
  const rows = page.getByRole('region', { name: 'Areas' }).getByRole('listitem');
  await expect(rows).toHaveCount(STANDARD_2_1.length);
  await expect(rows.nth(2)).toContainText('Kitchen1/1 before · 1/1 after');
  await expect(page.getByTestId('pending-uploads')).toContainText('10 waiting to upload');

  // The gate on the phone, counting the photos still on it: only Bedroom 2 is missing.
  await page.getByRole('button', { name: 'Finish job' }).click();
  const missing = page.getByTestId('finish-missing');
  await expect(missing.getByRole('listitem')).toHaveCount(1);
  await expect(missing).toContainText('Bedroom 2: 0/1 before · 0/1 after');
  await expectNoAxeViolations(page, 'areas made offline, with what is missing');
  await page.screenshot({ path: `${SHOTS}/offline-missing-phone.png`, fullPage: true });

  // Skip, offline: kept with the rest, shown at once.
  const bedroom2 = rows.nth(4);
  await bedroom2.getByRole('button', { name: 'Skip' }).click();
  await bedroom2.getByLabel('Occupied').check();
  await bedroom2.getByLabel('Note (optional)').fill('Guest asleep');
  await bedroom2.getByRole('button', { name: 'Skip area' }).click();
  await expect(bedroom2).toContainText('Skipped: Occupied');
  await expect(bedroom2.getByTestId('area-waiting')).toHaveText('waiting for a connection');
  await expect(missing).toBeHidden();

  // Finish, offline: kept behind the photos; the server checks the gate again when it gets there.
  await page.getByRole('button', { name: 'Finish job' }).click();
  await expectToast(page, 'Job finished on this phone', 'The server checks every area once its photos have gone.');
  await expect(page.getByTestId('job-finish-waiting')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Add Photos' })).toBeHidden();
  // No more photos into a finished job; those taken stay in sight until they have gone.
  await expect(page.getByTestId('pending-uploads')).toContainText('10 waiting to upload');
  await expect(page.getByTestId('offline-pill')).toContainText('13 waiting');
  await dismissToasts(page);
  await expectNoAxeViolations(page, 'a job finished offline');
  await page.screenshot({ path: `${SHOTS}/offline-finished-phone.png`, fullPage: true });

  // Signal back: the report is made, the editor moves to its id, photos follow into their areas, then the skip and the finish.
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/\?project=\d+$/, { timeout: 90_000 });
  const projectId = Number(new URL(page.url()).searchParams.get('project'));
  await expect(page.getByTestId('job-finished')).toBeVisible({ timeout: 90_000 });
  await expectToast(page, 'Job finished', 'Every area was checked by the server.');

  const stored = await storedReport(context, projectId);
  expect(stored.templateId).toBe('standard-clean');
  expect(stored.status).toBe('finished');
  expect(stored.areas.map((area) => area.name)).toEqual(STANDARD_2_1);
  for (const area of stored.areas) {
    const inArea = stored.photos.filter((photo) => photo.areaId === area.id).map((photo) => photo.type);
    expect(inArea, area.name).toEqual(area.name === 'Bedroom 2' ? [] : ['before', 'after']);
  }
  expect(stored.photos.every((photo) => photo.capturedAt !== null)).toBe(true);
  expect(stored.areas.find((area) => area.name === 'Bedroom 2')!.skipped).toEqual({ reason: 'occupied', note: 'Guest asleep' });
  // Each after was paired at the shutter with its area's before.
  expect(stored.photoPairs).toHaveLength(5);
  expect(stored.photoPairs.every((pair) => pair.beforePhoto.areaId === pair.afterPhoto.areaId)).toBe(true);
});

test('a finish kept offline that the server refuses (a photo it could not read) says which area is missing, and the job stays open', async ({
  page,
  context,
}) => {
  await recordToasts(page);
  await newReportOffline(page, context, /^Standard clean/, { bedrooms: 0, bathrooms: 0 });
  const areas = ['Entrance', 'Living room', 'Kitchen'];
  await captureEachArea(page, areas);
  await page.getByRole('button', { name: 'Finish job' }).click();
  await expect(page.getByTestId('job-finish-waiting')).toBeVisible();

  // The last photo (the kitchen's after) reaches the server damaged: it is refused, so the kitchen has no after there.
  let uploads = 0;
  await page.route(/\/api\/projects\/\d+\/photos/, async (route) => {
    uploads += 1;
    if (uploads === 6) return route.continue({ postData: Buffer.from('not a photo') });
    return route.continue();
  });
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/\?project=\d+$/, { timeout: 90_000 });
  const projectId = Number(new URL(page.url()).searchParams.get('project'));
  await expect.poll(() => toastTitles(page), { timeout: 90_000 }).toContain('Job not finished');
  await expectToast(page, 'Job not finished', 'Still missing: Kitchen. The job is open again.');
  expect(await toastTitles(page)).toContain('Failed to save photo');

  // Open again, with the kitchen's after to take.
  await expect(page.getByTestId('job-finish-waiting')).toBeHidden();
  await expect(page.getByTestId('job-finished')).toBeHidden();
  await expect(page.getByRole('region', { name: 'Areas' }).getByRole('listitem').nth(2)).toContainText('1/1 before · 0/1 after');
  await expect(page.getByRole('heading', { name: 'Add Photos' })).toBeVisible();
  const stored = await storedReport(context, projectId);
  expect(stored.status).toBe('open');
  expect(stored.photos).toHaveLength(5);
});
