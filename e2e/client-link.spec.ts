// Client links: the owner makes a link on a phone and shares it; a signed-out visitor
// opens it, compares with the slider, sees a full photo and downloads the PDF; a revoked link
// shows the 410 page; the slider works with the keyboard.
import fs from 'node:fs/promises';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { inspectPdf } from '../src/server/test-support/pdf-inspection';
import { DESKTOP, PHONE, actAsNewVisitor, expectToast, recordShareSheet, registerThroughUi, sharedUrls } from './support';
import { dismissToasts, seedReport } from './reports-support';

const BUSINESS = 'Bob & Sons <Cleaning>';
const CLIENT = 'Zoë Ångström';
const SHOTS = 'test-results/client-link';

/** A signed-out visitor in a browser of their own (no cookie, no storage), at their own address. */
async function visitorPage(browser: Browser, device: typeof PHONE | typeof DESKTOP): Promise<Page> {
  const page = await (await browser.newContext(device)).newPage();
  await actAsNewVisitor(page);
  return page;
}

async function sliderValue(slider: Locator): Promise<number> {
  return Number(await slider.getAttribute('aria-valuenow'));
}

/** Moves the mouse from the slider's middle to `toFraction` of the photo's width, in steps. */
async function dragSlider(page: Page, photo: Locator, toFraction: number): Promise<void> {
  const box = (await photo.boundingBox())!;
  const y = box.y + box.height * 0.7;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * toFraction, y, { steps: 8 });
  await page.mouse.up();
}

test.describe('a client link on a phone', () => {
  test.use(PHONE);

  test('the owner makes and shares a link; a signed-out visitor compares, opens a photo and downloads the PDF; once revoked it shows the 410 page', async ({
    page,
    baseURL,
    browser,
  }) => {
    test.setTimeout(150_000); // real photo uploads and PDF builds on a shared 2-core machine
    await recordShareSheet(page);
    await registerThroughUi(page, { businessName: BUSINESS });
    const { projectId } = await seedReport(page, baseURL!, CLIENT, 2);
    await page.goto(`/?project=${projectId}`);

    // The owner: Share link -> the panel -> Create link -> the phone's share sheet.
    await page.getByRole('button', { name: 'Share link' }).click();
    const panel = page.getByRole('dialog', { name: 'Share with your client' });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('No links yet.')).toBeVisible();
    await expect(panel.getByLabel('Link works for')).toHaveValue('7');
    await panel.getByLabel('Link works for').selectOption('30');
    await panel.getByRole('button', { name: 'Create link' }).click();
    await expect.poll(() => sharedUrls(page)).toHaveLength(1);
    const [url] = await sharedUrls(page);
    expect(url).toMatch(new RegExp(`^${baseURL}/r/[A-Za-z0-9_-]{43}$`));
    const item = panel.getByTestId('client-link');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Live');
    await expect(item).toContainText('Not opened yet');
    const expires = new Date(Date.now() + 30 * 24 * 3600 * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
    await expect(item).toContainText(`Expires ${expires}`);
    await page.screenshot({ path: `${SHOTS}/share-panel-phone.png` });

    // The visitor: no account, another browser.
    const visitor = await visitorPage(browser, PHONE);
    const response = await visitor.goto(url!);
    expect(response?.status()).toBe(200);
    await expect(visitor).toHaveTitle(`Before and after photos for ${CLIENT} from ${BUSINESS}`);
    await expect(visitor.getByText(BUSINESS, { exact: true })).toBeVisible();
    await expect(visitor.getByRole('heading', { level: 1, name: CLIENT })).toBeVisible();
    await expect(visitor.getByText('Kitchen and bathroom deep clean, oven, grout and windows')).toBeVisible();
    // No app header, no sign-in, no trial banner.
    await expect(visitor.getByRole('button', { name: 'Menu' })).toHaveCount(0);
    await expect(visitor.getByText(/sign in|free trial|upgrade/i)).toHaveCount(0);
    const sliders = visitor.getByRole('slider');
    await expect(sliders).toHaveCount(2);
    await expect(sliders.first()).toHaveAttribute('aria-valuetext', '50% before, 50% after');
    await visitor.screenshot({ path: `${SHOTS}/shared-page-phone.png` });

    // Drag the first slider's line to a fifth of the photo, then tap near the right edge.
    const photo = visitor.locator('figure').first().locator('div').first();
    await dragSlider(visitor, photo, 0.2);
    await expect.poll(() => sliderValue(sliders.first())).toBeLessThanOrEqual(22);
    expect(await sliderValue(sliders.first())).toBeGreaterThanOrEqual(18);
    const box = (await photo.boundingBox())!;
    await photo.tap({ position: { x: box.width * 0.9, y: box.height / 2 } });
    await expect.poll(() => sliderValue(sliders.first())).toBeGreaterThanOrEqual(88);
    await visitor.screenshot({ path: `${SHOTS}/shared-page-phone-dragged.png` });

    // The full photo on tap.
    await visitor.getByRole('button', { name: 'Full after photo, pair 1 of 2' }).click();
    const viewer = visitor.getByRole('dialog', { name: 'After photo, pair 1' });
    await expect(viewer).toBeVisible();
    const full = viewer.getByRole('img', { name: 'After photo, pair 1' });
    await expect(full).toHaveAttribute('src', /\/api\/shared\/[^/]+\/photos\/\d+\/image$/);
    await expect.poll(() => full.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(800);
    await visitor.screenshot({ path: `${SHOTS}/full-photo-phone.png` });
    await viewer.getByRole('button', { name: 'Close' }).click();
    await expect(viewer).toBeHidden();

    // Download PDF: the report's PDF, with the business and client in it.
    const downloading = visitor.waitForEvent('download');
    await visitor.getByRole('link', { name: 'Download PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Zoe_Angstrom_Report_\d{4}-\d{2}-\d{2}\.pdf$/);
    const pdf = await inspectPdf(new Uint8Array(await fs.readFile((await download.path())!)));
    expect(pdf.pageTexts[0]).toContain(BUSINESS);
    expect(pdf.pageTexts[0]).toContain(CLIENT);
    expect(pdf.images.length).toBeGreaterThanOrEqual(4);

    // The owner sees that the client opened it, then revokes it (asked once more first).
    await dismissToasts(page);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Share link' }).click();
    await expect(item).toContainText('Last opened just now');
    await item.getByRole('button', { name: 'Revoke' }).click();
    await expect(item.getByText('Revoke this link? Your client will no longer be able to open it.')).toBeVisible();
    // Focus follows the swap of buttons: to Keep, and back to Revoke when kept.
    await expect(item.getByRole('button', { name: 'Keep link' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(item.getByRole('button', { name: 'Revoke' })).toBeFocused();
    await page.keyboard.press('Enter');
    await item.getByRole('button', { name: 'Revoke link' }).click();
    await expectToast(page, 'Link revoked');
    await expect(item).toContainText('Revoked');
    await expect(item.getByRole('button', { name: 'Revoke' })).toHaveCount(0);

    // The visitor's link now shows the 410 page.
    const gone = await visitor.goto(url!);
    expect(gone?.status()).toBe(410);
    await expect(visitor.getByRole('heading', { name: 'This link was withdrawn' })).toBeVisible();
    await expect(visitor.getByText('Ask them for a new link.')).toBeVisible();
    await expect(visitor.getByText(CLIENT)).toHaveCount(0);
    await visitor.screenshot({ path: `${SHOTS}/revoked-phone.png` });
    await visitor.context().close();
  });
});

test.describe('a client link on a desktop', () => {
  test.use(DESKTOP);

  test('the slider works with the keyboard, and says what it shows', async ({ page, baseURL, browser }) => {
    test.setTimeout(120_000);
    await registerThroughUi(page, { businessName: 'Sparkle Cleaning Co' });
    const { projectId } = await seedReport(page, baseURL!, CLIENT, 2);
    const created = await page.request.post(`/api/projects/${projectId}/share-links`, { headers: { origin: baseURL! }, data: {} });
    expect(created.status()).toBe(201);
    const { url } = (await created.json()) as { url: string };

    const visitor = await visitorPage(browser, DESKTOP);
    await visitor.goto(url);
    const slider = visitor.getByRole('slider', { name: 'Before and after, pair 1' });
    await expect(slider).toBeVisible();
    // Reached with Tab, like every control.
    for (let i = 0; i < 6 && !(await slider.evaluate((element) => element === document.activeElement)); i += 1) await visitor.keyboard.press('Tab');
    await expect(slider).toBeFocused();
    await visitor.keyboard.press('ArrowRight');
    await visitor.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuenow', '60');
    await expect(slider).toHaveAttribute('aria-valuetext', '60% before, 40% after');
    await visitor.keyboard.press('ArrowLeft');
    await expect(slider).toHaveAttribute('aria-valuenow', '55');
    await visitor.keyboard.press('PageDown');
    await expect(slider).toHaveAttribute('aria-valuenow', '30');
    await visitor.keyboard.press('End');
    await expect(slider).toHaveAttribute('aria-valuetext', '100% before, 0% after');
    await visitor.keyboard.press('Home');
    await expect(slider).toHaveAttribute('aria-valuenow', '0');
    // The before photo is cut at the line: at 0 none of it shows.
    await expect(visitor.getByTestId('before-layer').first()).toHaveCSS('clip-path', 'inset(0px 100% 0px 0px)');
    // A desktop column of 484 px needs more than the 320 px thumbnail: the stored photo is drawn.
    await expect
      .poll(() => visitor.getByRole('img', { name: 'After photo, pair 1' }).evaluate((image: HTMLImageElement) => image.currentSrc))
      .toMatch(/\/image$/);
    await visitor.screenshot({ path: `${SHOTS}/shared-page-desktop.png` });
    // The other pair kept its own position.
    await expect(visitor.getByRole('slider', { name: 'Before and after, pair 2' })).toHaveAttribute('aria-valuenow', '50');
    await visitor.context().close();
  });

  test('an unknown link shows the 404 page', async ({ page }) => {
    await actAsNewVisitor(page);
    const response = await page.goto('/r/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'This link does not exist' })).toBeVisible();
    await expect(page).toHaveTitle('This link does not exist');
  });
});
