// Keyboard-only journeys: Tab, Shift+Tab, Enter, Space and the arrow keys (and typing
// into fields) — no mouse, no tap. Every stop on the way shows a visible focus ring; dialogs take
// focus and give it back; toasts are announced; titles name each screen; reduced motion holds.
import fs from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { inspectPdf } from '../src/server/test-support/pdf-inspection';
import { DESKTOP, PHONE, actAsNewVisitor, uniqueEmail } from './support';
import { makeJpeg } from './reports-support';

test.describe.configure({ timeout: 180_000 });

/** The element with focus, as a short description for failure messages. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'nothing (body)';
    return `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60)}"`;
  });
}

/**
 * The focused element shows a focus ring of at least 2 px: its own outline, or its tile's (a photo
 * tile draws the ring for its select button, which it would otherwise clip).
 */
async function expectVisibleFocusRing(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const focusVisible = element.matches(':focus-visible');
    let drawn: Element | null = element;
    for (let level = 0; drawn && level < 2 && getComputedStyle(drawn).outlineStyle === 'none'; level += 1) drawn = drawn.parentElement;
    const style = getComputedStyle(drawn ?? element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), focusVisible };
  });
  expect(ring, 'something has focus').not.toBeNull();
  expect(ring!.focusVisible, `focus is visible on ${await describeFocus(page)}`).toBe(true);
  expect(ring!.style, `focus ring on ${await describeFocus(page)}`).not.toBe('none');
  expect(ring!.width, `focus ring width on ${await describeFocus(page)}`).toBeGreaterThanOrEqual(2);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, checking the focus ring at every stop.
 * Fails after `maxPresses` stops: the target cannot be reached by keyboard.
 */
async function tabTo(page: Page, target: Locator, { backwards = false, maxPresses = 40 } = {}): Promise<void> {
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    await expectVisibleFocusRing(page);
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Could not reach ${target} with ${backwards ? 'Shift+Tab' : 'Tab'}; focus is on ${await describeFocus(page)}`);
}

async function chooseFileByKeyboard(page: Page, chooser: Locator, name: string, hue: string): Promise<void> {
  await expect(chooser).toBeFocused();
  const opening = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await opening).setFiles({ name, mimeType: 'image/jpeg', buffer: await makeJpeg({ width: 800, height: 600, hue }) });
}

test.describe('keyboard only, on a desktop', () => {
  test.use(DESKTOP);

  test('register, create a report, upload a before and an after, pair them and export the PDF', async ({ page }) => {
    await actAsNewVisitor(page);
    await page.goto('/');
    await expect(page).toHaveTitle('Before & after photo reports — CleanProof');
    await tabTo(page, page.getByRole('link', { name: 'Start Your Free Trial' }).first());
    await page.keyboard.press('Enter');

    // Register: the form's fields in order, then Enter on Create Account.
    await expect(page).toHaveTitle('Create your account — CleanProof');
    await tabTo(page, page.getByLabel('Business name'));
    await page.keyboard.type('Keyboard Cleaning Co');
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(uniqueEmail('keyboard'));
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type('correct horse');
    await tabTo(page, page.getByLabel('Confirm password'));
    await page.keyboard.type('correct horse');
    await tabTo(page, page.getByRole('button', { name: 'Create Account' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    await expect(page).toHaveTitle('Your Reports — CleanProof');

    // Create a report and name the client.
    await tabTo(page, page.getByRole('button', { name: 'Create First Report' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Report Details' })).toBeVisible();
    await tabTo(page, page.getByLabel('Client name'));
    await page.keyboard.type('Keyboard Residence');
    await page.keyboard.press('Tab'); // leaving the field saves it
    await expect(page.getByRole('heading', { level: 1, name: 'Keyboard Residence' })).toBeVisible();
    await expect(page).toHaveTitle('Keyboard Residence — Report — CleanProof');

    // Upload a BEFORE: the file chooser opens from the keyboard; focus lands on Save as BEFORE.
    const choose = page.getByRole('button', { name: /Choose Photo/ });
    await tabTo(page, choose);
    await chooseFileByKeyboard(page, choose, 'before.jpg', '#b45309');
    await expect(page.getByRole('button', { name: 'Save as BEFORE' })).toBeFocused();
    await page.keyboard.press('Enter');
    // Announced politely: a status message, not an alert.
    await expect(page.getByRole('status').filter({ hasText: 'Photo Uploaded' })).toBeVisible();
    await expect(page.getByTestId('unpaired-photo')).toHaveCount(1);
    await expect(choose).toBeFocused(); // back on Choose Photo, not at the top of the page

    // The photo type is a radio group: arrow keys choose After.
    await tabTo(page, page.getByRole('radio', { name: 'Before' }), { backwards: true });
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'After' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('radio', { name: 'After' })).toBeFocused();
    await tabTo(page, choose);
    await chooseFileByKeyboard(page, choose, 'after.jpg', '#0f766e');
    await expect(page.getByRole('button', { name: 'Save as AFTER' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('unpaired-photo')).toHaveCount(2);

    // Pair: Space selects one photo, Enter the other; then Pair Selected.
    const selectBefore = page.getByRole('button', { name: 'Select BEFORE photo' });
    const selectAfter = page.getByRole('button', { name: 'Select AFTER photo' });
    await tabTo(page, selectBefore);
    await page.keyboard.press('Space');
    await expect(selectBefore).toHaveAttribute('aria-pressed', 'true');
    await tabTo(page, selectAfter, { backwards: (await selectAfter.boundingBox())!.y < (await selectBefore.boundingBox())!.y });
    await page.keyboard.press('Enter');
    await expect(selectAfter).toHaveAttribute('aria-pressed', 'true');
    // Pair Selected sits in the bar pinned to the bottom of the screen, after the photos.
    await tabTo(page, page.getByRole('button', { name: 'Pair Selected' }));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('photo-pair')).toHaveCount(1);
    // Focus goes to the pairs' heading, not to the top of the page.
    await expect(page.getByRole('heading', { name: /^Pairs/ })).toBeFocused();

    // The full photo opens with Enter and gives focus back on Escape.
    const viewBefore = page.getByRole('button', { name: 'View BEFORE photo of pair 1' });
    await tabTo(page, viewBefore);
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog');
    await expect.poll(() => viewer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(viewBefore).toBeFocused();

    // Bulk import: two files from the chooser; focus lands on Import; a label swaps with Space.
    await tabTo(page, choose, { backwards: true });
    const opening = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (
      await opening
    ).setFiles([
      { name: 'roll-1.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg({ width: 640, height: 480, hue: '#0ea5e9' }) },
      { name: 'roll-2.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg({ width: 640, height: 480, hue: '#f97316' }) },
    ]);
    const importButton = page.getByRole('button', { name: 'Import 2 photos' });
    await expect(importButton).toBeFocused();
    const firstLabel = page.getByRole('button', { name: 'Photo 1: BEFORE. Swap' });
    await tabTo(page, firstLabel, { backwards: true });
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: 'Photo 1: AFTER. Swap' })).toBeFocused();
    await page.keyboard.press('Space');
    await tabTo(page, importButton);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('bulk-progress')).toContainText('2 photos uploaded and paired by time.', { timeout: 60_000 });
    await expect(page.getByTestId('photo-pair')).toHaveCount(2);

    // Export: the file name dialog takes focus; Enter exports; focus returns to Export to PDF.
    const exportButton = page.getByRole('button', { name: 'Export to PDF' });
    await tabTo(page, exportButton, { backwards: true });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Save the PDF report as' });
    await expect(dialog.getByLabel('File name')).toBeFocused();
    const downloading = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const download = await downloading;
    await expect(dialog).toBeHidden();
    await expect(exportButton).toBeFocused();
    const pdf = await inspectPdf(new Uint8Array(await fs.readFile((await download.path())!)));
    expect(pdf.pageTexts.join('\n')).toContain('Keyboard Residence');

    // The menu and a dialog from it: focus moves in, Escape brings it back to the menu button.
    const menu = page.getByRole('button', { name: 'Menu' });
    await tabTo(page, menu, { backwards: true, maxPresses: 60 });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Reports' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Clients' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Business Settings' })).toBeFocused();
    await expectVisibleFocusRing(page);
    await page.keyboard.press('Enter');
    const settings = page.getByRole('dialog', { name: 'Business Settings' });
    await expect(settings).toBeVisible();
    await expect.poll(() => settings.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();
    await expect(menu).toBeFocused();

    // /projects: the delete confirmation takes focus and gives it back on Cancel.
    await page.goto('/projects');
    await expect(page).toHaveTitle('Reports — CleanProof');
    const deleteButton = page.getByRole('button', { name: 'Delete Keyboard Residence' });
    await tabTo(page, deleteButton);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete this report?' });
    await expect.poll(() => confirm.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await tabTo(page, confirm.getByRole('button', { name: 'Cancel' }), { maxPresses: 4 });
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(deleteButton).toBeFocused();
  });
});

test.describe('keyboard only, on a phone', () => {
  test.use(PHONE);

  test('the field camera: start, take BEFOREs, flip, pick a before in the strip and shoot its AFTER (paired at the shutter), stop; a second BEFORE selected replaces the first', async ({
    page,
    baseURL,
  }) => {
    await actAsNewVisitor(page);
    const email = uniqueEmail('keyboard-camera');
    const registered = await page.request.post('/api/register', {
      headers: { origin: baseURL! },
      data: { email, password: 'correct horse', confirmPassword: 'correct horse', businessName: 'Camera Crew' },
    });
    expect(registered.status()).toBe(201);
    const created = await page.request.post('/api/projects', { headers: { origin: baseURL! }, data: { clientName: 'Camera Home' } });
    const projectId = ((await created.json()) as { id: number }).id;
    await page.goto(`/?project=${projectId}`);
    await expect(page.getByRole('tab', { name: 'Camera' })).toHaveAttribute('aria-selected', 'true');

    const start = page.getByRole('button', { name: 'Start Camera' });
    await tabTo(page, start);
    await page.keyboard.press('Enter');
    // The camera fills the screen; focus moves to the shutter when the preview is live.
    const camera = page.getByTestId('field-camera');
    await expect(camera).toBeVisible();
    const shutterBefore = page.getByRole('button', { name: 'Take BEFORE photo' });
    await expect(shutterBefore).toBeFocused();
    await expectVisibleFocusRing(page);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('shot-counter')).toHaveText('1 photo');

    // Flip keeps focus on Flip once the other camera is live.
    const flip = page.getByRole('button', { name: 'Flip Camera' });
    await tabTo(page, flip);
    await page.keyboard.press('Space');
    await expect(page.getByRole('status').filter({ hasText: 'Front camera is on.' })).toBeVisible();
    await expect(flip).toBeFocused();

    // Two more BEFOREs: focus stays on the shutter between shots.
    await tabTo(page, shutterBefore, { backwards: true });
    await page.keyboard.press('Space');
    await expect(page.getByTestId('shot-counter')).toHaveText('2 photos');
    await expect(shutterBefore).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByTestId('shot-counter')).toHaveText('3 photos');
    await expect(page.getByTestId('unpaired-photo')).toHaveCount(3);

    // After: arrow keys on the photo type; the strip offers the befores, the first chosen; Space picks the second.
    await tabTo(page, page.getByRole('radio', { name: 'Before' }), { backwards: true });
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'After' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Pair with before photo 1' })).toHaveAttribute('aria-pressed', 'true');
    const second = page.getByRole('button', { name: 'Pair with before photo 2' });
    await tabTo(page, second, { backwards: true });
    await page.keyboard.press('Space');
    await expect(second).toHaveAttribute('aria-pressed', 'true');
    await tabTo(page, page.getByRole('button', { name: 'Take AFTER photo' }));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('photo-pair')).toHaveCount(1);
    const report = (await (await page.request.get(`/api/projects/${projectId}?images=url`)).json()) as {
      photos: Array<{ id: number; type: string }>;
      photoPairs: Array<{ beforePhotoId: number; afterPhotoId: number }>;
    };
    const befores = report.photos.filter((photo) => photo.type === 'before').map((photo) => photo.id);
    expect(report.photoPairs.map((pair) => pair.beforePhotoId)).toEqual([befores[1]]);

    // Stop closes the camera and gives focus back to Start Camera; one toast for the shots.
    await tabTo(page, page.getByRole('button', { name: 'Stop Camera' }), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(camera).toBeHidden();
    await expect(start).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'Photo Saved' })).toContainText('4 photos kept in this report.');

    // Selecting: a second BEFORE takes the first one's place.
    const tiles = page.getByRole('button', { name: 'Select BEFORE photo' });
    await tabTo(page, tiles.first());
    await page.keyboard.press('Space');
    await tabTo(page, tiles.nth(1));
    await page.keyboard.press('Space');
    await expect(tiles.first()).toHaveAttribute('aria-pressed', 'false');
    await expect(tiles.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Pair Selected' })).toBeHidden();
  });

  test('with reduced motion asked for, nothing glides or spins', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/auth');
    await expect(page).toHaveTitle('Sign in — CleanProof');
    const durations = await page.getByRole('button', { name: 'Sign In', exact: true }).evaluate((element) => {
      const style = getComputedStyle(element);
      return { transition: parseFloat(style.transitionDuration), animation: parseFloat(style.animationDuration) };
    });
    expect(durations.transition).toBeLessThan(0.001);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const normal = await page
      .getByRole('button', { name: 'Sign In', exact: true })
      .evaluate((element) => parseFloat(getComputedStyle(element).transitionDuration));
    expect(normal).toBeGreaterThan(0.05);
  });
});
