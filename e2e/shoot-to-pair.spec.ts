// Shoot-to-pair on a phone with the fake camera: two befores (kitchen, then bathroom), then two
// afters following the ghost. The ghost shows the before Auto Pair All would pair next, and an
// after shot over it is paired with that before as it is stored (offline too), so following the
// ghost and pairing automatically give the same pairs: kitchen with kitchen, bathroom with bathroom.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { PHONE, expectToast, registerThroughUi } from './support';
import { makeJpeg } from './reports-support';

test.describe.configure({ timeout: 180_000 });
test.use(PHONE);

interface StoredReport {
  photos: Array<{ id: number; type: 'before' | 'after'; thumbnailUrl: string }>;
  photoPairs: Array<{ beforePhotoId: number; afterPhotoId: number }>;
}

async function storedReport(context: BrowserContext, projectId: number): Promise<StoredReport> {
  const response = await context.request.get(`/api/projects/${projectId}?images=url`);
  expect(response.status()).toBe(200);
  return (await response.json()) as StoredReport;
}

async function newReportWithCamera(page: Page): Promise<number> {
  await registerThroughUi(page);
  await page.getByRole('button', { name: 'Create First Report' }).click();
  await expect(page).toHaveURL(/\/\?project=\d+$/);
  const projectId = Number(new URL(page.url()).searchParams.get('project'));
  // A new report on a phone opens straight into the full-screen camera.
  await expect(page.getByTestId('field-camera')).toBeVisible();
  await expect(page.getByTestId('camera-preview')).toHaveJSProperty('paused', false);
  return projectId;
}

/** Kitchen, then bathroom; each kept on the device at once (stored as soon as there is a signal). */
async function shootTwoBefores(page: Page) {
  for (const count of [1, 2]) {
    await page.getByRole('button', { name: 'Take BEFORE photo' }).click();
    await expect(page.getByTestId('pending-uploads').or(page.getByTestId('unpaired-photo').nth(count - 1))).toBeVisible();
  }
}

const pairsOf = (report: StoredReport) => report.photoPairs.map((pair) => [pair.beforePhotoId, pair.afterPhotoId]);
const idsOf = (report: StoredReport, type: 'before' | 'after') => report.photos.filter((photo) => photo.type === type).map((photo) => photo.id);

test('following the ghost pairs each after with its own before at the shutter, in the order Auto Pair All uses', async ({ page, context }) => {
  const projectId = await newReportWithCamera(page);
  await shootTwoBefores(page);
  await expect.poll(async () => (await storedReport(context, projectId)).photos.length).toBe(2);
  const [kitchen, bathroom] = idsOf(await storedReport(context, projectId), 'before');
  await expect(page.getByTestId('unpaired-photo')).toHaveCount(2);

  await page.getByRole('radio', { name: 'After' }).click();
  // The strip offers both befores; the ghost is the kitchen, the one Auto Pair All would pair next.
  const strip = page.getByTestId('before-strip');
  await expect(strip.getByRole('button', { name: /^Pair with before photo/ })).toHaveCount(2);
  await expect(strip.getByRole('button', { name: 'Pair with before photo 1' })).toHaveAttribute('aria-pressed', 'true');
  await expect(strip.getByRole('button', { name: 'Pair with before photo 2' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('ghost-overlay')).toHaveAttribute('src', `/api/photos/${kitchen}/thumbnail`);
  await expect(strip).toContainText('The next after pairs with before 1');

  await page.getByRole('button', { name: 'Take AFTER photo' }).click();
  // Paired as stored: the kitchen leaves the strip and the ghost moves on to the bathroom.
  await expect(page.getByTestId('photo-pair')).toHaveCount(1);
  await expect(strip.getByRole('button', { name: /^Pair with before photo/ })).toHaveCount(1);
  await expect(page.getByTestId('ghost-overlay')).toHaveAttribute('src', `/api/photos/${bathroom}/thumbnail`);
  await page.getByRole('button', { name: 'Take AFTER photo' }).click();
  await expect(page.getByTestId('photo-pair')).toHaveCount(2);
  await expect(page.getByTestId('before-strip')).toBeHidden();
  await expect(page.getByTestId('ghost-overlay')).toBeHidden();

  const report = await storedReport(context, projectId);
  const [kitchenAfter, bathroomAfter] = idsOf(report, 'after');
  expect(pairsOf(report)).toEqual([
    [kitchen, kitchenAfter],
    [bathroom, bathroomAfter],
  ]);
  await expect(page.getByTestId('unpaired-photo')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Auto Pair All' })).toBeHidden();
});

test('with no signal, the afters carry their befores and are paired as they are stored once the signal is back', async ({ page, context }) => {
  const projectId = await newReportWithCamera(page);
  await context.setOffline(true);
  await shootTwoBefores(page);
  await expect(page.getByTestId('pending-uploads')).toContainText('2 waiting to upload');
  await page.getByRole('radio', { name: 'After' }).click();
  const strip = page.getByTestId('before-strip');
  await expect(strip.getByRole('button', { name: 'Pair with before photo 1' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('ghost-overlay')).toHaveAttribute('src', /^blob:/);
  await page.getByRole('button', { name: 'Take AFTER photo' }).click();
  await expect(page.getByTestId('pending-uploads')).toContainText('3 waiting to upload');
  // The kitchen is taken by the waiting after: the bathroom is offered next.
  await expect(strip.getByRole('button', { name: /^Pair with before photo/ })).toHaveCount(1);
  await page.getByRole('button', { name: 'Take AFTER photo' }).click();
  await expect(page.getByTestId('pending-uploads')).toContainText('4 waiting to upload');
  await expect(page.getByTestId('before-strip')).toBeHidden();

  // Back online: the queue sends by itself, in the order taken.
  await context.setOffline(false);
  await expect(page.getByTestId('pending-uploads')).toBeHidden({ timeout: 60_000 });
  await expect.poll(async () => (await storedReport(context, projectId)).photoPairs.length, { timeout: 30_000 }).toBe(2);
  const report = await storedReport(context, projectId);
  const [kitchen, bathroom] = idsOf(report, 'before');
  const [kitchenAfter, bathroomAfter] = idsOf(report, 'after');
  expect(pairsOf(report)).toEqual([
    [kitchen, kitchenAfter],
    [bathroom, bathroomAfter],
  ]);
  await expect(page.getByTestId('photo-pair')).toHaveCount(2);
});

test('afters shot without the ghost pairing stay unpaired, and Auto Pair All then gives the same pairs; a before picked in the strip is the one paired', async ({
  page,
  context,
}) => {
  const projectId = await newReportWithCamera(page);
  await shootTwoBefores(page);
  await expect.poll(async () => (await storedReport(context, projectId)).photos.length).toBe(2);
  const [kitchen, bathroom] = idsOf(await storedReport(context, projectId), 'before');

  await page.getByRole('radio', { name: 'After' }).click();
  const strip = page.getByTestId('before-strip');
  const first = strip.getByRole('button', { name: 'Pair with before photo 1' });
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  // A tap on the chosen before: the next afters are not paired at the shutter.
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'false');
  await expect(strip).toContainText('The next after stays unpaired');
  await expect(page.getByTestId('ghost-overlay')).toBeHidden();
  await page.getByRole('button', { name: 'Take AFTER photo' }).click();
  await expect(page.getByTestId('unpaired-photo')).toHaveCount(3);
  await page.getByRole('button', { name: 'Take AFTER photo' }).click();
  await expect(page.getByTestId('unpaired-photo')).toHaveCount(4);
  expect((await storedReport(context, projectId)).photoPairs).toEqual([]);

  await page.getByRole('button', { name: 'Stop Camera' }).click();
  await page.getByRole('button', { name: 'Auto Pair All' }).click();
  await expectToast(page, 'Auto-Pairing Complete');
  await expect(page.getByTestId('photo-pair')).toHaveCount(2);
  const report = await storedReport(context, projectId);
  const [kitchenAfter, bathroomAfter] = idsOf(report, 'after');
  expect(pairsOf(report)).toEqual([
    [kitchen, kitchenAfter],
    [bathroom, bathroomAfter],
  ]);

  // The pairs deleted, two more afters: the one picked in the strip (the bathroom) is paired.
  for (const _ of [1, 2]) {
    await page.getByRole('button', { name: 'Unpair pair 1' }).click();
    await expect(page.getByTestId('photo-pair')).toHaveCount(_ === 1 ? 1 : 0);
  }
  await page.getByRole('button', { name: 'Start Camera' }).click();
  await expect(page.getByTestId('camera-preview')).toHaveJSProperty('paused', false);
  // Four unpaired (2 befores, 2 afters): Auto Pair All would use both befores, so none is the default.
  await expect(strip.getByRole('button', { name: /^Pair with before photo/ })).toHaveCount(2);
  await expect(strip).toContainText('The next after stays unpaired');
  await strip.getByRole('button', { name: 'Pair with before photo 2' }).click();
  await expect(page.getByTestId('ghost-overlay')).toHaveAttribute('src', `/api/photos/${bathroom}/thumbnail`);
  await page.getByRole('button', { name: 'Take AFTER photo' }).click();
  await expect(page.getByTestId('photo-pair')).toHaveCount(1);
  const picked = await storedReport(context, projectId);
  expect(pairsOf(picked)).toEqual([[bathroom, idsOf(picked, 'after')[2]]]);
});

test('a second before selected replaces the first, and the Pair/Clear bar stays on screen while the page scrolls', async ({ page, baseURL }) => {
  await registerThroughUi(page);
  const headers = { origin: baseURL! };
  const created = await page.request.post('/api/projects', { headers, data: { clientName: 'Hill House' } });
  const projectId = ((await created.json()) as { id: number }).id;
  for (const [index, type] of (['before', 'before', 'before', 'after', 'after', 'after'] as const).entries()) {
    const bytes = await makeJpeg({ width: 640, height: 480, hue: ['#0ea5e9', '#f97316', '#22c55e', '#a855f7', '#ef4444', '#eab308'][index]! });
    expect(
      (
        await page.request.post(`/api/projects/${projectId}/photos?type=${type}`, { headers: { ...headers, 'content-type': 'image/jpeg' }, data: bytes })
      ).status(),
    ).toBe(201);
  }
  await page.goto(`/?project=${projectId}`);
  const tiles = page.getByTestId('unpaired-photo');
  await expect(tiles).toHaveCount(6);
  const selectBefore = page.getByRole('button', { name: 'Select BEFORE photo' });
  await selectBefore.nth(0).click();
  await selectBefore.nth(1).click();
  await expect(selectBefore.nth(0)).toHaveAttribute('aria-pressed', 'false');
  await expect(selectBefore.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Pair Selected' })).toBeHidden();

  await page.getByRole('button', { name: 'Select AFTER photo' }).nth(2).click();
  const bar = page.getByTestId('pair-bar');
  await expect(bar).toBeInViewport();
  for (const y of [0, 10_000]) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await expect(bar).toBeInViewport();
  }
  await bar.getByRole('button', { name: 'Pair Selected' }).click();
  await expectToast(page, 'Pair Created');
  await expect(bar).toBeHidden();
  const report = await storedReport(page.context(), projectId);
  const befores = idsOf(report, 'before');
  const afters = idsOf(report, 'after');
  expect(pairsOf(report)).toEqual([[befores[1], afters[2]]]);
});
