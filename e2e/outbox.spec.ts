// The phone's one outbox, end to end at 390x844: an edit the server failed is retried by itself on
// the backoff of a photo; a report made with no signal is created once the signal is back, once,
// even when the first create's answer is lost, with its photos and edits.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { PHONE, controlledByServiceWorker, expectToast, registerThroughUi } from './support';
import { makeJpeg } from './reports-support';

test.describe.configure({ timeout: 180_000 });
test.use(PHONE);

async function storedProject(context: BrowserContext, projectId: number) {
  const response = await context.request.get(`/api/projects/${projectId}?images=url`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { clientName: string; description: string; photos: Array<{ id: number; type: string }> };
}

test('an edit answered 503 twice is saved by itself within the backoff, with no other action', async ({ page, context }) => {
  await registerThroughUi(page);
  await page.getByRole('button', { name: 'Create First Report' }).click();
  await expect(page).toHaveURL(/\/\?project=\d+$/);
  await expectToast(page, 'Report Created');
  const projectId = Number(new URL(page.url()).searchParams.get('project'));
  // A new report on a phone opens in the full-screen camera; the details are filled after it.
  await page.getByTestId('field-camera').getByRole('button', { name: 'Stop Camera' }).click();

  let failures = 0;
  await page.route(new RegExp(`/api/projects/${projectId}$`), async (route) => {
    if (route.request().method() === 'PATCH' && failures < 2) {
      failures++;
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'service_unavailable', message: 'Service Unavailable' }),
      });
    }
    return route.fallback();
  });
  await page.getByLabel('Description').fill('Kitchen and two bathrooms');
  await page.getByLabel('Client name').click(); // blur: the edit goes to the outbox
  await expect(page.getByTestId('edit-kept')).toBeVisible();
  // No click, no online event: the backoff (2 s, then 4 s) sends it again by itself.
  await expect(page.getByText('Saved')).toBeVisible({ timeout: 30_000 });
  expect(failures).toBe(2);
  expect((await storedProject(context, projectId)).description).toBe('Kitchen and two bathrooms');
});

/** The service worker controls the page once it is active and the page was loaded again. */
async function addPhotoFile(page: Page, type: 'BEFORE' | 'AFTER', hue: string): Promise<void> {
  await page.getByRole('radio', { name: type === 'BEFORE' ? 'Before' : 'After' }).click();
  await page
    .getByTestId('photo-file-input')
    .setInputFiles({ name: `${type}.jpg`, mimeType: 'image/jpeg', buffer: await makeJpeg({ width: 640, height: 480, hue }) });
  await page.getByRole('button', { name: `Save as ${type}` }).click();
}

test('New Report with no signal: photos and a name queue against it; once online it is created once, even when the first answer is lost', async ({
  page,
  context,
}) => {
  await registerThroughUi(page);
  await expect(page.getByRole('button', { name: 'Create First Report' })).toBeVisible();
  await controlledByServiceWorker(page);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Create First Report' }).click();
  await expect(page).toHaveURL(/\/\?project=-\d+$/);
  await expectToast(page, 'Report Created');
  await expect(page.getByRole('heading', { name: 'Report Details' })).toBeVisible();
  await page
    .getByRole('tab', { name: 'Upload' })
    .click()
    .catch(() => undefined);
  await addPhotoFile(page, 'BEFORE', '#0369a1');
  await addPhotoFile(page, 'AFTER', '#be123c');
  await expect(page.getByTestId('pending-uploads')).toContainText('2 waiting to upload');
  await page.getByLabel('Client name').fill('Basement Flat 2');
  await page.getByLabel('Description').click(); // blur: the edit is kept against the local report
  await expect(page.getByTestId('edit-kept')).toBeVisible();
  await expect(page.getByTestId('offline-pill')).toContainText('4 waiting');

  // The first create reaches the server and is made; its answer is lost on the way back.
  const keys: string[] = [];
  await page.route(/\/api\/projects$/, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    const response = await route.fetch();
    if (keys.length === 1) return route.abort('connectionreset');
    return route.fulfill({ response });
  });
  await context.setOffline(false);

  // The open editor moves to the server's id with everything on it. The retry after the lost
  // answer follows the backoff, grown by the tries made offline (at most 60 s).
  await expect(page).toHaveURL(/\/\?project=\d+$/, { timeout: 90_000 });
  const projectId = Number(new URL(page.url()).searchParams.get('project'));
  await expect(page.getByTestId('pending-uploads')).toBeHidden({ timeout: 60_000 });
  await expect(page.getByLabel('Client name')).toHaveValue('Basement Flat 2');
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);

  const reports = (await (await context.request.get('/api/projects')).json()) as Array<{ id: number }>;
  expect(reports.map((report) => report.id)).toEqual([projectId]);
  await expect.poll(async () => (await storedProject(context, projectId)).photos.map((photo) => photo.type)).toEqual(['before', 'after']);
  await expect.poll(async () => (await storedProject(context, projectId)).clientName).toBe('Basement Flat 2');
  await expect(page.getByTestId('unpaired-photo')).toHaveCount(2);
});

test('offline, deleting a photo and Auto Pair All wait in the outbox and are done once the signal is back', async ({ page, context }) => {
  await registerThroughUi(page);
  await page.getByRole('button', { name: 'Create First Report' }).click();
  await expect(page).toHaveURL(/\/\?project=\d+$/);
  const projectId = Number(new URL(page.url()).searchParams.get('project'));
  // A new report on a phone opens in the full-screen camera; this journey uploads files instead.
  await page.getByTestId('field-camera').getByRole('button', { name: 'Stop Camera' }).click();
  await page
    .getByRole('tab', { name: 'Upload' })
    .click()
    .catch(() => undefined);
  for (const [type, hue] of [
    ['BEFORE', '#0369a1'],
    ['AFTER', '#be123c'],
    ['AFTER', '#15803d'],
  ] as const) {
    await addPhotoFile(page, type, hue);
    await expectToast(page, 'Photo Uploaded');
  }
  await expect(page.getByTestId('unpaired-photo')).toHaveCount(3);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Delete AFTER photo' }).last().click();
  await expect(page.getByTestId('unpaired-photo')).toHaveCount(2);
  // Past the undo time the delete goes into the outbox and waits there, the photo still gone.
  await expect(page.getByTestId('offline-pill')).toContainText('1 waiting', { timeout: 15_000 });
  await expect(page.getByTestId('unpaired-photo')).toHaveCount(2);
  await page.getByRole('button', { name: 'Auto Pair All' }).click();
  await expectToast(page, 'Kept on this phone', 'Auto Pair All runs when the connection is back, after the photos waiting to upload.');
  await expect(page.getByTestId('offline-pill')).toContainText('2 waiting');

  await context.setOffline(false);
  await expectToast(page, 'Auto-Pairing Complete');
  await expect(page.getByTestId('photo-pair')).toHaveCount(1);
  const stored = await storedProject(context, projectId);
  expect(stored.photos.map((photo) => photo.type)).toEqual(['before', 'after']);
});
