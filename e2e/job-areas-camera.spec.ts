// A Deep clean captured area by area with the fake camera on a phone, the way a cleaner walks a
// job: the befores of every area with Next area beside the shutter (the camera never closes), then
// back to the first area and the afters over each area's own before; Finish refused with the list,
// the area left out skipped with a reason, the job finished, and the PDF read back area by area.
import { expect, test, type BrowserContext } from '@playwright/test';
import { PHONE, expectToast, registerThroughUi } from './support';
import { dismissToasts } from './reports-support';
import { extractPageTexts } from '../src/server/test-support/pdf-inspection';

const SHOTS = 'test-results/job-areas-screens';

test.describe.configure({ timeout: 240_000 });
test.use(PHONE);

interface StoredReport {
  status: string;
  areas: Array<{ id: number; name: string; minBefore: number; minAfter: number; skipped: { reason: string; note: string | null } | null }>;
  photos: Array<{ id: number; type: 'before' | 'after'; areaId: number | null }>;
  photoPairs: Array<{ beforePhoto: { areaId: number | null }; afterPhoto: { areaId: number | null } }>;
}

async function storedReport(context: BrowserContext, projectId: number): Promise<StoredReport> {
  const response = await context.request.get(`/api/projects/${projectId}?images=url`);
  expect(response.status()).toBe(200);
  return (await response.json()) as StoredReport;
}

const LEFT_OUT = 'Inside the fridge';

test('a Deep clean with 2 bedrooms and 1 bathroom, captured area by area with the camera: Finish refused with the list, an area skipped, finished, and its PDF', async ({
  page,
  context,
}) => {
  await registerThroughUi(page);
  await page.goto('/projects');
  await page.getByRole('button', { name: 'From a template' }).click();
  await page.getByLabel(/^Deep clean/).check();
  await page.getByLabel('Bedrooms').fill('2');
  await expect(page.getByLabel('Bathrooms')).toHaveValue('1');
  await page.screenshot({ path: `${SHOTS}/picker-phone.png`, fullPage: true });
  await page.getByRole('button', { name: 'Create report' }).click();
  await expect(page).toHaveURL(/\/\?project=\d+$/);
  const projectId = Number(new URL(page.url()).searchParams.get('project'));
  const { areas } = await storedReport(context, projectId);
  expect(areas.map((area) => area.name)).toEqual([
    'Entrance',
    'Living room',
    'Dining area',
    'Kitchen',
    'Inside the oven',
    LEFT_OUT,
    'Bedroom 1',
    'Bedroom 2',
    'Bathroom 1',
    'Baseboards and windows',
  ]);

  // A new report opens in the full-screen camera, in its first area.
  const camera = page.getByTestId('field-camera');
  await expect(camera).toBeVisible();
  await expect(page.getByTestId('camera-preview')).toHaveJSProperty('paused', false);
  const stepper = camera.getByTestId('area-stepper');
  const capturing = stepper.getByTestId('capturing-into');

  // The walk-through before cleaning: every area's befores, moving on with Next area beside the shutter.
  for (const [index, area] of areas.entries()) {
    await expect(capturing).toContainText(`${area.name} · ${index + 1} of ${areas.length}`);
    if (area.name !== LEFT_OUT) {
      for (let shot = 1; shot <= area.minBefore; shot += 1) {
        await camera.getByRole('button', { name: 'Take BEFORE photo' }).click();
        await expect(capturing).toContainText(`${shot}/${area.minBefore} before · 0/${area.minAfter} after`);
      }
    }
    if (index === 3) await page.screenshot({ path: `${SHOTS}/camera-befores-phone.png` });
    const next = areas[index + 1];
    if (next) await stepper.getByRole('button', { name: `Next area: ${next.name}` }).click();
    else await expect(stepper.getByRole('button', { name: 'Next area' })).toBeDisabled();
  }
  // The camera stayed open the whole way: one count of every shot.
  await expect(camera.getByTestId('shot-counter')).toHaveText('11 photos');
  await expect.poll(async () => (await storedReport(context, projectId)).photos.length, { timeout: 60_000 }).toBe(11);
  const befores = (await storedReport(context, projectId)).photos.filter((photo) => photo.type === 'before');

  // Cleaned; back to the first area from the list (a tap on an area opens the camera in it), After.
  await camera.getByRole('button', { name: 'Stop Camera' }).click();
  await expect(camera).toBeHidden();
  await dismissToasts(page);
  await page
    .locator(`#area-row-${areas[0]!.id}`)
    .getByRole('button', { name: /^Entrance/ })
    .click();
  await expect(camera).toBeVisible();
  await expect(capturing).toContainText('Entrance · 1 of 10');
  await camera.getByRole('radio', { name: 'After' }).click();

  for (const [index, area] of areas.entries()) {
    await expect(capturing).toContainText(`${area.name} · ${index + 1} of ${areas.length}`);
    if (area.name !== LEFT_OUT) {
      // The ghost is THIS area's before, and the strip offers only this area's befores.
      const own = befores.filter((photo) => photo.areaId === area.id).map((photo) => photo.id);
      expect(own).toHaveLength(area.minBefore);
      await expect(camera.getByTestId('before-choice')).toHaveCount(own.length);
      for (let shot = 1; shot <= area.minAfter; shot += 1) {
        await expect(camera.getByTestId('ghost-overlay')).toHaveAttribute('src', `/api/photos/${own[shot - 1]}/thumbnail`);
        if (area.name === 'Kitchen' && shot === 1) await page.screenshot({ path: `${SHOTS}/camera-after-ghost-phone.png` });
        await camera.getByRole('button', { name: 'Take AFTER photo' }).click();
        await expect(capturing).toContainText(`${area.minBefore}/${area.minBefore} before · ${shot}/${area.minAfter} after`);
      }
      // Every before of this area is paired now: nothing left to line up with here, though other areas still have befores.
      await expect(camera.getByTestId('before-strip')).toBeHidden();
    }
    const next = areas[index + 1];
    if (next) await stepper.getByRole('button', { name: `Next area: ${next.name}` }).click();
  }
  await camera.getByRole('button', { name: 'Stop Camera' }).click();
  await expect.poll(async () => (await storedReport(context, projectId)).photos.length, { timeout: 60_000 }).toBe(22);
  await dismissToasts(page);

  // Finish: refused, with the one area still missing, and a way to jump there.
  await page.getByRole('button', { name: 'Finish job' }).click();
  const missing = page.getByTestId('finish-missing');
  await expect(missing.getByRole('listitem')).toHaveCount(1);
  await expect(missing).toContainText(`${LEFT_OUT}: 0/1 before · 0/1 after`);
  await page.screenshot({ path: `${SHOTS}/finish-refused-phone.png`, fullPage: true });
  const fridge = areas.find((area) => area.name === LEFT_OUT)!;
  await missing.getByRole('button', { name: new RegExp(`^${LEFT_OUT}`) }).click();
  await expect(page.locator(`#area-row-${fridge.id}`)).toBeInViewport();

  // Skipped with a reason, then finished.
  const row = page.locator(`#area-row-${fridge.id}`);
  await row.getByRole('button', { name: 'Skip' }).click();
  await row.getByLabel('No access').check();
  await row.getByLabel('Note (optional)').fill('Fridge locked by the owner');
  await page.screenshot({ path: `${SHOTS}/skip-phone.png`, fullPage: true });
  await row.getByRole('button', { name: 'Skip area' }).click();
  await expect(row).toContainText('Skipped: No access');
  await page.getByRole('button', { name: 'Finish job' }).click();
  await expectToast(page, 'Job finished');
  await expect(page.getByTestId('job-finished')).toBeVisible();
  await expect(page.getByTestId('area-stepper')).toBeHidden();
  // A finished job's pairs stay as they are until it is reopened: no Unpair, no Auto Pair All.
  await expect(page.getByTestId('photo-pair')).toHaveCount(11);
  await expect(page.getByRole('button', { name: /^Unpair/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Auto Pair All' })).toHaveCount(0);
  await dismissToasts(page);
  await page.screenshot({ path: `${SHOTS}/finished-phone.png`, fullPage: true });

  // The server's report: finished, every photo in its area, every pair within one area.
  const stored = await storedReport(context, projectId);
  expect(stored.status).toBe('finished');
  for (const area of stored.areas) {
    const inArea = stored.photos.filter((photo) => photo.areaId === area.id);
    const expected = area.name === LEFT_OUT ? [0, 0] : [area.minBefore, area.minAfter];
    expect([inArea.filter((photo) => photo.type === 'before').length, inArea.filter((photo) => photo.type === 'after').length], area.name).toEqual(expected);
  }
  expect(stored.areas.find((area) => area.name === LEFT_OUT)!.skipped).toEqual({ reason: 'no_access', note: 'Fridge locked by the owner' });
  expect(stored.photoPairs).toHaveLength(11);
  expect(stored.photoPairs.every((pair) => pair.beforePhoto.areaId === pair.afterPhoto.areaId)).toBe(true);

  // The PDF, read back: the area headings in template order, each with its count, and why the fridge was skipped.
  const pdf = await context.request.get(`/api/projects/${projectId}/report.pdf`);
  expect(pdf.status()).toBe(200);
  const text = (await extractPageTexts(new Uint8Array(await pdf.body()))).join('\n');
  const headings = areas.map((area) => text.indexOf(`${area.name} · `));
  expect(headings.every((at) => at >= 0)).toBe(true);
  expect([...headings].sort((a, b) => a - b)).toEqual(headings);
  expect(text).toContain('Kitchen · 2 of 2');
  expect(text).toContain('Skipped: No access — Fridge locked by the owner');
});
