// Field-ready capture, end to end on a phone: the app opens with no signal (service
// worker and the persisted reports), photos and edits made offline are kept across a closed page
// and sent once, in order, when the signal is back; a retried upload whose answer was lost is
// stored once (Idempotency-Key); the ghost overlay helps line up the after shot.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { PHONE, expectToast, registerThroughUi } from './support';
import { dismissToasts, makeJpeg } from './reports-support';

const SHOTS = 'test-results/offline-screens';

test.describe.configure({ timeout: 180_000 });
test.use(PHONE);

async function createFirstReport(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Create First Report' }).click();
  await expect(page).toHaveURL(/\/\?project=\d+$/);
  await expectToast(page, 'Report Created');
  // A new report on a phone opens in the full-screen camera; closed for now.
  await page.getByTestId('field-camera').getByRole('button', { name: 'Stop Camera' }).click();
  return Number(new URL(page.url()).searchParams.get('project'));
}

/** The service worker controls the next navigation once it is active. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'), { timeout: 30_000 })
    .toBe('activated');
}

/** The signed-in user's queries have been written to IndexedDB with this report in them. */
async function waitForPersistedReport(page: Page, projectId: number): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        (id) =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('cleanproof-offline');
            open.onerror = () => resolve(false);
            open.onsuccess = () => {
              try {
                const request = open.result.transaction('queries').objectStore('queries').get('cleanproof-queries-v1');
                request.onsuccess = () => {
                  const queries = (request.result?.state?.queries ?? []) as Array<{ queryHash: string; state: { data: unknown } }>;
                  const list = queries.find((query) => query.queryHash === '["/api/projects"]')?.state.data as Array<{ id: number }> | undefined;
                  resolve(queries.some((query) => query.queryHash === `["/api/projects",${id}]`) && !!list?.some((project) => project.id === id));
                };
                request.onerror = () => resolve(false);
              } catch {
                resolve(false);
              }
            };
          }),
        projectId,
      ),
    )
    .toBe(true);
}

async function storedProject(context: BrowserContext, projectId: number) {
  const response = await context.request.get(`/api/projects/${projectId}?images=url`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { clientName: string; photos: Array<{ id: number; type: string; capturedAt: string | null; receivedAt: string }> };
}

test('opens offline, keeps 5 photos and a client name through a closed page, sends each once when back online', async ({ page, context }) => {
  await registerThroughUi(page);
  const projectId = await createFirstReport(page);
  await expect(page.getByRole('heading', { name: 'Report Details' })).toBeVisible();
  await waitForServiceWorker(page);
  await waitForPersistedReport(page, projectId);

  // Online, with the worker in control, `/` (the installed app's start URL) is still the server's
  // page, which says who is signed in; not the precached shell.
  const start = await page.goto('/');
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  expect(start?.fromServiceWorker()).toBe(true);
  expect(await start?.text()).toContain('id="cp-current-user"');
  await page.goto(`/?project=${projectId}`);

  // No signal: the app and the report still open.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Report Details' })).toBeVisible();
  // A small pill says so; a tap opens what the banner used to say.
  await expect(page.getByTestId('offline-pill')).toHaveText(/^Offline/);
  await page.getByTestId('offline-pill').getByRole('button').click();
  await expect(page.getByText('Your reports are shown as this device last saw them.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export to PDF' })).toBeDisabled();
  await expect(page.getByText('Share link and Export need a connection.')).toBeVisible();

  // 5 photos with the fake camera: 3 before, then 2 after over the ghosts of the first two befores.
  await page.getByRole('button', { name: 'Start Camera' }).click();
  await expect(page.getByTestId('camera-preview')).toHaveJSProperty('paused', false);
  for (let i = 0; i < 3; i++) {
    await page.getByRole('button', { name: 'Take BEFORE photo' }).click();
    await expect(page.getByTestId('pending-uploads')).toContainText(`${i + 1} waiting to upload`);
  }
  await page.getByRole('radio', { name: 'After' }).click();
  await expect(page.getByTestId('ghost-overlay')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show before' })).toHaveAttribute('aria-pressed', 'true');
  for (let i = 3; i < 5; i++) {
    await page.getByRole('button', { name: 'Take AFTER photo' }).click();
    await expect(page.getByTestId('pending-uploads')).toContainText(`${i + 1} waiting to upload`);
  }
  await page.getByRole('button', { name: 'Stop Camera' }).click();
  await page.getByLabel('Client name').fill('Basement Flat 2');
  await page.getByLabel('Description').click(); // blur: the edit is kept
  await expect(page.getByTestId('edit-kept')).toBeVisible();
  await dismissToasts(page);
  await page.screenshot({ path: `${SHOTS}/offline-editor-phone.png`, fullPage: true });

  // The page is closed; the cleaner opens the app again, still with no signal.
  await page.close();
  const again = await context.newPage();
  await again.goto(`/?project=${projectId}`);
  await expect(again.getByTestId('pending-uploads')).toContainText('5 waiting to upload');
  await expect(again.getByLabel('Client name')).toHaveValue('Basement Flat 2');
  await again.goto('/');
  await expect(again.getByTestId('project-card')).toHaveCount(1);
  await again.screenshot({ path: `${SHOTS}/offline-home-phone.png`, fullPage: true });
  await again.getByTestId('project-card').getByRole('link').click();

  // Signal back: each photo stored once, the name saved.
  await context.setOffline(false);
  await expect(again.getByTestId('pending-uploads')).toBeHidden({ timeout: 60_000 });
  await expect.poll(async () => (await storedProject(context, projectId)).photos.length, { timeout: 30_000 }).toBe(5);
  const stored = await storedProject(context, projectId);
  expect(stored.photos.map((photo) => photo.type)).toEqual(['before', 'before', 'before', 'after', 'after']);
  // Each carries the shutter's time, taken offline before it was received.
  for (const photo of stored.photos) {
    expect(photo.capturedAt).not.toBeNull();
    expect(Date.parse(photo.capturedAt!)).toBeLessThan(Date.parse(photo.receivedAt));
  }
  await expect.poll(async () => (await storedProject(context, projectId)).clientName).toBe('Basement Flat 2');
  // Each after was paired at the shutter with the before its ghost showed: the first two befores.
  await expect(again.getByTestId('photo-pair')).toHaveCount(2);
  await expect(again.getByTestId('unpaired-photo')).toHaveCount(1);
  await expect(again.locator('[data-testid="unpaired-photo"], [data-testid="photo-pair"]').getByTestId('capture-time')).toHaveCount(5);

  // Online, the ghost is the before still unpaired on the server, over the live preview.
  await again.getByRole('button', { name: 'Start Camera' }).click();
  await again.getByRole('radio', { name: 'After' }).click();
  await expect(again.getByTestId('ghost-overlay')).toBeVisible();
  await again.getByRole('button', { name: 'Show before' }).click();
  await expect(again.getByTestId('ghost-overlay')).toBeHidden();
});

test('a retried upload whose answer was lost is stored once', async ({ page, context }) => {
  await registerThroughUi(page);
  const projectId = await createFirstReport(page);
  const photosUrl = new RegExp(`/api/projects/${projectId}/photos`);
  const keys: string[] = [];
  let lostOne = false;
  // The first try reaches the server and is stored; its answer is lost on the way back.
  await page.route(photosUrl, async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    const response = await route.fetch();
    if (!lostOne) {
      lostOne = true;
      return route.abort('connectionreset');
    }
    return route.fulfill({ response });
  });
  await page
    .getByRole('tab', { name: 'Upload' })
    .click()
    .catch(() => undefined);
  await page
    .getByTestId('photo-file-input')
    .setInputFiles({ name: 'p.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg({ width: 640, height: 480, hue: '#0369a1' }) });
  await page.getByRole('button', { name: 'Save as BEFORE' }).click();
  await expectToast(page, 'Waiting to upload');
  await page.getByRole('button', { name: 'Retry now' }).click();
  await expectToast(page, 'Photo Uploaded');
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(keys[1]).toBe(keys[0]);
  expect((await storedProject(context, projectId)).photos).toHaveLength(1);
  await expect(page.getByTestId('unpaired-photo')).toHaveCount(1);
});
