// The report editor, end to end: camera on a phone, upload and pairing on a desktop,
// and photos kept through a weak signal.
import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, expectToast, registerThroughUi } from './support';
import { dismissToasts, jpegSize, makeJpeg } from './reports-support';

// Outside Playwright's outputDir, which every run empties.
const SHOTS = 'test-results/reports-screens';

// Whole journeys with real image work on a shared 2-core machine: give them room.
test.describe.configure({ timeout: 180_000 });

/** A full-page screenshot from the top, so the sticky header sits where it belongs. */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** On a phone a new report opens in the full-screen camera: closed here unless the test wants it. */
async function createFirstReport(page: Page, { keepCameraOpen = false } = {}): Promise<number> {
  await page.getByRole('button', { name: 'Create First Report' }).click();
  await expect(page).toHaveURL(/\/\?project=\d+$/);
  await expectToast(page, 'Report Created');
  const camera = page.getByTestId('field-camera');
  await expect(page.getByRole('heading', { name: 'Report Details' }).or(camera)).toBeVisible();
  if (!keepCameraOpen && (await camera.isVisible())) {
    await camera.getByRole('button', { name: 'Stop Camera' }).click();
    await expect(page.getByRole('heading', { name: 'Report Details' })).toBeVisible();
  }
  return Number(new URL(page.url()).searchParams.get('project'));
}

const unpaired = (page: Page) => page.getByTestId('unpaired-photo');
const pairs = (page: Page) => page.getByTestId('photo-pair');

/** Every thumbnail on screen has loaded real pixels. */
async function expectThumbnailsLoaded(page: Page) {
  const images = page.locator('[data-testid="unpaired-photo"] img, [data-testid="photo-pair"] img');
  await expect
    .poll(async () => images.evaluateAll((nodes) => nodes.every((node) => (node as HTMLImageElement).complete && (node as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
}

test.describe('on a phone', () => {
  test.use(PHONE);

  test('captures a before and an after with the camera, pairs them and shows the pair', async ({ page }) => {
    await registerThroughUi(page);
    await expect(page.getByRole('button', { name: 'Create First Report' })).toBeVisible();
    await screenshot(page, 'empty-phone');
    await createFirstReport(page, { keepCameraOpen: true });

    // A new report on a phone opens straight into the full-screen camera (spec §4 camera mode),
    // before selected; the details can wait.
    const camera = page.getByTestId('field-camera');
    await expect(camera).toBeVisible();
    await expectToast(page, 'Camera Ready');
    await expect(page.getByTestId('camera-preview')).toHaveJSProperty('paused', false);
    await expect(page.getByRole('radio', { name: 'Before' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('shot-counter')).toHaveText('No photos yet');
    const viewfinder = await page.getByTestId('camera-preview').boundingBox();
    expect(viewfinder!.width).toBe(390);
    expect(viewfinder!.height).toBeGreaterThan(500);

    // A shot is counted on screen, with its thumbnail, instead of a toast each.
    await page.getByRole('button', { name: 'Take BEFORE photo' }).click();
    await expect(page.getByTestId('shot-counter')).toHaveText('1 photo');
    await expect(page.getByRole('img', { name: 'The last photo taken' })).toBeVisible();
    await expect(unpaired(page)).toHaveCount(1);
    await dismissToasts(page);
    await page.screenshot({ path: `${SHOTS}/camera-live-phone.png` });

    // flip restarts the preview on the other camera
    await page.getByRole('button', { name: 'Flip Camera' }).click();
    await expectToast(page, 'Camera Ready', 'Front camera is on.');

    // The after, shot over the before's ghost, is paired with it as it is stored.
    await page.getByRole('radio', { name: 'After' }).click();
    await expect(page.getByTestId('ghost-overlay')).toBeVisible();
    await page.getByRole('button', { name: 'Take AFTER photo' }).click();
    await expect(page.getByTestId('shot-counter')).toHaveText('2 photos');
    await expect(pairs(page)).toHaveCount(1);

    await page.getByRole('button', { name: 'Stop Camera' }).click();
    await expectToast(page, 'Photo Saved', '2 photos kept in this report.');
    await expect(camera).toBeHidden();
    await expect(page.getByRole('button', { name: 'Start Camera' })).toBeVisible();
    await expect(page.getByTestId('camera-preview')).toHaveCount(0);

    await expect(page.getByRole('tab', { name: 'Camera' })).toHaveAttribute('aria-selected', 'true');
    await page.getByLabel('Client name').fill('Smith Residence');
    await page.getByLabel('Description').click(); // blur saves the changed client name
    await expect(page.getByRole('heading', { level: 1, name: 'Smith Residence' })).toBeVisible();

    // The stored capture is a JPEG within 1024x768 (spec §9).
    const imageUrl = await page.evaluate(
      async (projectId) => {
        const response = await fetch(`/api/projects/${projectId}?images=url`);
        const project = (await response.json()) as { photos: Array<{ imageUrl: string }> };
        return project.photos[0]!.imageUrl;
      },
      Number(new URL(page.url()).searchParams.get('project')),
    );
    const stored = await page.request.get(imageUrl);
    const size = await jpegSize(await stored.body());
    expect(size.format).toBe('jpeg');
    expect(size.width).toBeLessThanOrEqual(1024);
    expect(size.height).toBeLessThanOrEqual(768);

    // Unpaired again, the two are paired by hand (spec §4's selection).
    await page.getByRole('button', { name: 'Unpair pair 1' }).click();
    await expectToast(page, 'Pair Deleted');
    await expect(unpaired(page)).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Auto Pair All' })).toBeVisible();
    await page.getByRole('button', { name: 'Select BEFORE photo' }).click();
    await expect(page.getByRole('button', { name: 'Auto Pair All' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Pair Selected' })).toBeHidden();
    await page.getByRole('button', { name: 'Select AFTER photo' }).click();
    await expect(page.getByRole('button', { name: 'Clear' })).toBeVisible();
    await dismissToasts(page);
    await page.getByRole('heading', { name: /Photo Pairs/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/pairing-selected-phone.png` });
    await page.getByRole('button', { name: 'Pair Selected' }).click();
    await expectToast(page, 'Pair Created');
    await expect(pairs(page)).toHaveCount(1);
    await expect(unpaired(page)).toHaveCount(0);
    await expectThumbnailsLoaded(page);

    // Touch targets are at least 44 px.
    for (const name of ['View BEFORE photo of pair 1', 'Unpair pair 1', 'Start Camera']) {
      const box = await page.getByRole('button', { name }).boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    }

    await page.getByRole('button', { name: 'View AFTER photo of pair 1' }).click();
    const full = page.getByRole('dialog').getByRole('img', { name: 'AFTER photo, full size' });
    await expect(full).toBeVisible();
    await expect.poll(() => full.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expect(full).toHaveAttribute('src', /\/api\/photos\/\d+\/image$/);
    await page.screenshot({ path: `${SHOTS}/photo-viewer-phone.png` });
    await page.getByRole('button', { name: 'Close photo' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();

    await dismissToasts(page); // a clean screenshot
    await screenshot(page, 'editor-phone');

    await page.getByRole('link', { name: 'All reports' }).click();
    const card = page.getByTestId('project-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Smith Residence');
    await expect(card).toContainText('No description');
    await expect(card).toContainText('2 photos · 1 pair');
    await screenshot(page, 'list-phone');
  });

  test('a 401 in the editor says Unauthorized and goes to sign in', async ({ page, context }) => {
    await registerThroughUi(page);
    await createFirstReport(page);
    await context.clearCookies();
    await page.evaluate(() => localStorage.removeItem('authToken'));
    await page.getByLabel('Client name').fill('Jones');
    await page.getByLabel('Description').click();
    await expectToast(page, 'Unauthorized', 'You are logged out. Logging in again...');
    await expect(page).toHaveURL(/\/auth$/); // via GET /api/login
  });
});

test.describe('on a desktop', () => {
  test.use(DESKTOP);

  test('uploads files, keeps the selection rules, auto-pairs, deletes a pair and a photo', async ({ page }) => {
    await page.addInitScript(() => {
      // Records each photo body the app sends (size, type, pixels), then lets the request go on unchanged.
      const sentPhotos: Array<{ bytes: number; type: string; width: number; height: number }> = [];
      Object.assign(window, { sentPhotos });
      const realFetch = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        if (init?.body instanceof Blob && String(input).includes('/photos')) {
          const bitmap = await createImageBitmap(init.body);
          sentPhotos.push({ bytes: init.body.size, type: init.body.type, width: bitmap.width, height: bitmap.height });
        }
        return realFetch(input, init);
      };
      // Photos go by XMLHttpRequest (upload progress): recorded the same way.
      const realSend = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (body) {
        if (!(body instanceof Blob)) return realSend.call(this, body);
        void createImageBitmap(body).then((bitmap) => {
          sentPhotos.push({ bytes: body.size, type: body.type, width: bitmap.width, height: bitmap.height });
          realSend.call(this, body);
        });
      };
    });
    await registerThroughUi(page);
    await createFirstReport(page);

    // spec §4: a desktop without touch gets upload mode only.
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Choose Photo' })).toBeVisible();
    const fileInput = page.getByTestId('photo-file-input');

    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
    await expectToast(page, 'Invalid File', 'Please select an image file');
    await expect(page.getByRole('button', { name: 'Save as BEFORE' })).toBeHidden();

    // Cancel drops the pending photo without uploading it.
    const photoPosts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/projects\/\d+\/photos/.test(request.url())) photoPosts.push(request.url());
    });
    await fileInput.setInputFiles({ name: 'kitchen.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg({ width: 800, height: 600, hue: '#b45309' }) });
    await expect(page.getByRole('img', { name: 'The chosen photo, not saved yet' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Choose Photo' })).toBeVisible();
    // Checked after the next saved photo's request has gone out, so a late upload of the
    // cancelled one would have been seen.

    // A 12 MP photo is scaled down in the browser before it travels.
    const big = await makeJpeg({ width: 4000, height: 3000, hue: '#92400e' });
    await fileInput.setInputFiles({ name: 'before-1.jpg', mimeType: 'image/jpeg', buffer: big });
    await page.getByRole('button', { name: 'Save as BEFORE' }).click();
    await expectToast(page, 'Photo Uploaded');
    expect(photoPosts).toHaveLength(1);
    // Playwright cannot see a Blob body, so the page's own record of what it sent is read.
    const [sent] = await page.evaluate(
      () => (window as unknown as { sentPhotos: Array<{ bytes: number; type: string; width: number; height: number }> }).sentPhotos,
    );
    expect(sent).toEqual({ bytes: expect.any(Number), type: 'image/jpeg', width: 1024, height: 768 });
    expect(sent!.bytes).toBeLessThan(big.length / 4);
    await expect(unpaired(page)).toHaveCount(1);

    await fileInput.setInputFiles({ name: 'before-2.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg({ width: 1024, height: 768, hue: '#c2410c' }) });
    await page.getByRole('button', { name: 'Save as BEFORE' }).click();
    await expectToast(page, 'Photo Uploaded');

    // The save button follows the type selector.
    await page.getByRole('radio', { name: 'After' }).click();
    for (const hue of ['#0f766e', '#0e7490']) {
      await fileInput.setInputFiles({ name: 'after.png', mimeType: 'image/png', buffer: await makeJpeg({ width: 900, height: 1200, hue }) });
      await page.getByRole('button', { name: 'Save as AFTER' }).click();
      await expectToast(page, 'Photo Uploaded');
    }
    await expect(unpaired(page)).toHaveCount(4);
    await expectThumbnailsLoaded(page);
    await dismissToasts(page);
    await screenshot(page, 'editor-unpaired-desktop');

    // spec §4 selection rules, with two of a kind never selected together.
    const tiles = page.getByRole('button', { name: /^Select (BEFORE|AFTER) photo$/ });
    await tiles.nth(0).click();
    await tiles.nth(1).click(); // a second before takes the first one's place
    await expect(tiles.nth(0)).toHaveAttribute('aria-pressed', 'false');
    await expect(tiles.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Pair Selected' })).toBeHidden();
    await tiles.nth(2).click(); // one before and one after
    await expect(page.getByRole('button', { pressed: true })).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Pair Selected' })).toBeVisible();
    await tiles.nth(3).click(); // a third click replaces the selection with that photo
    await expect(page.getByRole('button', { pressed: true })).toHaveCount(1);
    await expect(tiles.nth(3)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Pair Selected' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Auto Pair All' })).toBeHidden();
    await tiles.nth(3).click(); // clicking a selected photo deselects it
    await expect(page.getByRole('button', { pressed: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'Auto Pair All' }).click();
    await expectToast(page, 'Auto-Pairing Complete', 'Created 2 photo pairs automatically');
    await expect(pairs(page)).toHaveCount(2);
    await expect(unpaired(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Auto Pair All' })).toBeHidden();
    await expectThumbnailsLoaded(page);
    await dismissToasts(page);
    await screenshot(page, 'editor-desktop');

    await page.getByRole('button', { name: 'Unpair pair 1' }).click();
    await expectToast(page, 'Pair Deleted');
    await expect(pairs(page)).toHaveCount(1);
    await expect(unpaired(page)).toHaveCount(2);

    const deleted = page.waitForResponse((response) => response.request().method() === 'DELETE' && /\/api\/photos\/\d+$/.test(response.url()));
    await page.getByRole('button', { name: 'Delete BEFORE photo' }).click();
    await expectToast(page, 'Photo Deleted');
    await expect(unpaired(page)).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Auto Pair All' })).toBeHidden();
    // The delete goes to the server once its Undo time has lapsed.
    expect((await deleted).status()).toBe(200);

    // Details are saved on blur only when they changed; the saved text survives a reload.
    const patches: string[] = [];
    page.on('request', (request) => void (request.method() === 'PATCH' && patches.push(request.postData() ?? '')));
    await page.getByLabel('Client name').click();
    await page.getByLabel('Description').click(); // blurs the unchanged client name
    await page.getByLabel('Client name').click(); // blurs the unchanged description
    await page.getByLabel('Description').fill('Deep clean of kitchen and bathroom');
    await page.getByLabel('Client name').click();
    await expect(page.getByText('Saved')).toBeVisible();
    // Only the changed field was ever sent: the unchanged blurs above, earlier, sent nothing.
    expect(patches.map((body) => JSON.parse(body))).toEqual([{ description: 'Deep clean of kitchen and bathroom' }]);
    await page.reload();
    await expect(page.getByLabel('Description')).toHaveValue('Deep clean of kitchen and bathroom');
    await expect(pairs(page)).toHaveCount(1);
    await expect(unpaired(page)).toHaveCount(1);
  });

  test('a client name retyped while the first save travels stays as retyped (the older save does not bring its value back)', async ({ page }) => {
    await registerThroughUi(page);
    const projectId = await createFirstReport(page);
    // A weak signal: each save takes a while, and the saves go one after the other.
    await page.route(`**/api/projects/${projectId}`, async (route) => {
      if (route.request().method() === 'PATCH') await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.continue().catch(() => undefined);
    });
    const name = page.getByLabel('Client name');
    await name.fill('Smith');
    await page.getByLabel('Description').click();
    await name.fill('Smithson');
    await page.getByLabel('Description').click();
    // Until both saves are done, and after, the field never goes back to the first value.
    const seen = new Set<string>();
    for (let i = 0; i < 40; i += 1) {
      seen.add(await name.inputValue());
      await page.waitForTimeout(100);
    }
    expect([...seen]).toEqual(['Smithson']);
    await expect(page.getByText('Saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Client name')).toHaveValue('Smithson');
  });

  test('never loses a photo on a weak signal: kept, shown waiting, uploaded when back online', async ({ page, context }) => {
    await registerThroughUi(page);
    const projectId = await createFirstReport(page);
    const photosUrl = new RegExp(`/api/projects/${projectId}/photos`);
    const fileInput = page.getByTestId('photo-file-input');
    const jpeg = await makeJpeg({ width: 640, height: 480, hue: '#7c3aed' });

    // A network error: the photo is kept in IndexedDB and shown as waiting, even after a reload.
    await page.route(photosUrl, (route) => route.abort('internetdisconnected'));
    await fileInput.setInputFiles({ name: 'p.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page.getByRole('button', { name: 'Save as BEFORE' }).click();
    await expectToast(page, 'Waiting to upload');
    await expect(page.getByTestId('pending-uploads')).toContainText('1 waiting to upload');
    await page.reload();
    await expect(page.getByTestId('pending-uploads')).toContainText('1 waiting to upload');
    await screenshot(page, 'waiting-to-upload-desktop');
    await expect(unpaired(page)).toHaveCount(0);

    // Still no signal when asked to retry: still kept.
    const retried = page.waitForEvent('requestfailed', (request) => photosUrl.test(request.url()));
    await page.getByRole('button', { name: 'Retry now' }).click();
    await retried;
    await expect(page.getByTestId('pending-uploads')).toContainText('1 waiting to upload');

    // Back online: it uploads by itself.
    await page.unroute(photosUrl);
    await context.setOffline(true);
    await context.setOffline(false); // fires 'online'
    await expectToast(page, 'Photo Uploaded');
    await expect(page.getByTestId('pending-uploads')).toBeHidden();
    await expect(unpaired(page)).toHaveCount(1);

    // A file that only claims to be a JPEG: this browser cannot decode it, so it goes as it is and
    // the server refuses it (4xx). The photo is dropped with the failure toast and the server's reason.
    await fileInput.setInputFiles({ name: 'q.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('these bytes are not a photo at all') });
    await page.getByRole('button', { name: 'Save as BEFORE' }).click();
    await expectToast(page, 'Failed to save photo', 'This file is not an image we can read.');
    await expect(page.getByTestId('pending-uploads')).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('pending-uploads')).toBeHidden();
    await expect(unpaired(page)).toHaveCount(1);
  });

  test('a kept photo uploads from any signed-in screen, not only the open report', async ({ page }) => {
    await registerThroughUi(page);
    const projectId = await createFirstReport(page);
    const photosUrl = new RegExp(`/api/projects/${projectId}/photos`);
    await page.route(photosUrl, (route) => route.abort('internetdisconnected'));
    await page
      .getByTestId('photo-file-input')
      .setInputFiles({ name: 'p.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg({ width: 640, height: 480, hue: '#0369a1' }) });
    await page.getByRole('button', { name: 'Save as BEFORE' }).click();
    await expectToast(page, 'Waiting to upload');

    // The cleaner moves on to the reports list (a fresh page load) as the signal comes back.
    await page.unroute(photosUrl);
    await page.goto('/projects');
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await expectToast(page, 'Photo Uploaded');
    await expect(page.getByTestId('project-card')).toContainText('1 photo');
    await page.getByTestId('project-card').getByRole('link').click();
    await expect(unpaired(page)).toHaveCount(1);
  });
});
