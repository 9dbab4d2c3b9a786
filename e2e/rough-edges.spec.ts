// The smaller rough edges of the field flow, in a real browser: a toast while a dialog is open
// shows inside it above its buttons; the test card form formats as typed and says what is wrong
// under the field; the file-name question keeps a phone's keyboard closed and speaks plainly; a
// disabled Export says why under it; a new report left empty is not kept. Then each changed screen
// at 390x844 and desktop size, in English and Spanish, with axe.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DESKTOP, PHONE, expectToast, registerThroughUi } from './support';
import { dismissToasts, makeJpeg, seedReport } from './reports-support';
import { LOCALES, expectNoAxeViolations, registerThroughApi, useDeviceLocale } from './a11y-support';

const SHOTS = 'test-results/rough-edges';

test.describe.configure({ timeout: 120_000 });

async function openBusinessSettings(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Business Settings' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function serverReportCount(page: Page): Promise<number> {
  const response = await page.request.get('/api/projects');
  expect(response.status()).toBe(200);
  return ((await response.json()) as unknown[]).length;
}

/** New Report from the list; on a phone it opens in the full-screen camera, closed here. */
async function createReportThroughUi(page: Page): Promise<number> {
  await page.getByRole('button', { name: /^(Create First Report|New Report)$/ }).click();
  await expect(page).toHaveURL(/\/\?project=\d+$/);
  const camera = page.getByTestId('field-camera');
  await expect(page.getByRole('heading', { name: 'Report Details' }).or(camera)).toBeVisible();
  if (await camera.isVisible()) {
    await camera.getByRole('button', { name: 'Stop Camera' }).click();
    await expect(page.getByRole('heading', { name: 'Report Details' })).toBeVisible();
  }
  return Number(new URL(page.url()).searchParams.get('project'));
}

test.describe('on a phone', () => {
  test.use(PHONE);

  test('a toast while a dialog is open shows inside it, clear of its buttons, and is reached with the keyboard', async ({ page }) => {
    await registerThroughUi(page);
    const dialog = await openBusinessSettings(page);
    // The signal drops as Save is pressed: 'Update Failed'.
    await page.route('**/api/user/business-name', (route) => route.abort('internetdisconnected'));
    await dialog.getByLabel('Business name').fill('Gleam Team');
    const save = dialog.getByRole('button', { name: 'Save' });
    await save.click();
    const toast = dialog.getByTestId('toast');
    await expect(toast).toContainText('Update Failed');
    await expect(toast).toContainText('Failed to update business name. Please try again.');

    // Nothing lies over the dialog's buttons: Save can be tapped again where it is.
    const toastBox = await toast.boundingBox();
    const dialogButtons = dialog.locator('form button, button:text-is("Close")');
    expect(await dialogButtons.count()).toBeGreaterThanOrEqual(2);
    for (const button of await dialogButtons.all()) {
      const box = await button.boundingBox();
      expect(toastBox && box && overlaps(toastBox, box)).toBe(false);
    }
    await save.click({ trial: true });

    // Inside the dialog's focus trap: one Shift+Tab from the field reaches the toast's Dismiss.
    await dialog.getByLabel('Business name').focus();
    await page.keyboard.press('Shift+Tab');
    await expect(toast.getByRole('button', { name: 'Dismiss' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await expect(dialog).toBeVisible();

    // Closed, toasts are back in their place over the page.
    await page.unroute('**/api/user/business-name');
    await save.click();
    await expect(dialog.getByTestId('toast')).toContainText('Business Name Updated');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('[data-testid="dialog-toasts"]')).toHaveCount(0);
  });

  test('the test card form formats as typed and says what is wrong under the field', async ({ page }) => {
    await registerThroughUi(page);
    await page.goto('/subscribe');
    await page.getByRole('button', { name: 'Subscribe for $4.99/month' }).click();
    await expectToast(page, 'Payment Required');
    await dismissToasts(page);

    const number = page.getByLabel('Card number');
    const expiry = page.getByLabel('Expiry (MM / YY)');
    await number.fill('');
    await number.pressSequentially('4000000000000002');
    await expect(number).toHaveValue('4000 0000 0000 0002');
    await expiry.fill('');
    await expiry.pressSequentially('1');
    await expect(expiry).toHaveValue('1');

    // An unfinished expiry: said under the field, the field marked and focused; no payment tried.
    const confirms: string[] = [];
    page.on('request', (request) => request.url().endsWith('/api/billing/sandbox/confirm') && confirms.push(request.url()));
    await page.getByRole('button', { name: 'Pay $4.99' }).click();
    await expect(expiry).toHaveAttribute('aria-invalid', 'true');
    await expect(expiry).toHaveAccessibleDescription("Your card's expiration date is incomplete.");
    await expect(expiry).toBeFocused();
    await expect(page.getByText("Your card's expiration date is incomplete.")).toBeVisible();
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/card-expiry-incomplete-phone.png` });

    await expiry.pressSequentially('234');
    await expect(expiry).toHaveValue('12 / 34');
    await expect(expiry).toHaveAttribute('aria-invalid', 'false');

    // A declined card: under the number, and the spec's 'Payment Failed' toast.
    await page.getByRole('button', { name: 'Pay $4.99' }).click();
    await expect(number).toHaveAccessibleDescription('Your card was declined.');
    await expectToast(page, 'Payment Failed', 'Your card was declined.');
    expect(confirms).toEqual([]);

    // A good card clears the message and pays.
    await number.fill('4242424242424242');
    await expect(number).toHaveValue('4242 4242 4242 4242');
    await expect(number).toHaveAttribute('aria-invalid', 'false');
    await page.getByRole('button', { name: 'Pay $4.99' }).click();
    await expectToast(page, 'Subscription Successful');
  });

  test('the file-name question keeps the keyboard closed and says plainly what the name is for', async ({ page, baseURL }) => {
    await registerThroughUi(page);
    const { projectId } = await seedReport(page, baseURL!, 'Smith Residence', 1);
    await page.goto(`/?project=${projectId}`);
    await page.getByRole('button', { name: 'Export to PDF' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save the PDF report as' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('The name of the file your client receives. Keep it or type another.');
    await expect(dialog).not.toContainText('underscore');
    // Focus on the button, not the field: no keyboard pops up over the dialog.
    await expect(dialog.getByRole('button', { name: 'Export PDF' })).toBeFocused();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BUTTON');
    await expect(dialog.getByLabel('File name')).toHaveValue(/^Smith_Residence_Report_\d{4}-\d{2}-\d{2}$/);
  });

  test('a new report left with nothing in it is not kept; one with a name or a photo is', async ({ page }) => {
    await registerThroughUi(page);
    // Opened in the camera, closed, left: gone from the list and from the server.
    await createReportThroughUi(page);
    await page.getByRole('link', { name: 'All reports' }).click();
    await expect(page.getByRole('button', { name: 'Create First Report' })).toBeVisible();
    await expect.poll(() => serverReportCount(page)).toBe(0);
    await expect(page.getByTestId('project-card')).toHaveCount(0);

    // A client name typed, then left at once: kept.
    await createReportThroughUi(page);
    await page.getByLabel('Client name').fill('Oak Street Office');
    await page.getByRole('link', { name: 'All reports' }).click();
    await expect(page.getByTestId('project-card')).toHaveCount(1);
    await expect(page.getByTestId('project-card')).toContainText('Oak Street Office');
    await expect.poll(() => serverReportCount(page)).toBe(1);
  });
});

test.describe('on a desktop', () => {
  test.use(DESKTOP);

  test('a disabled Export to PDF says why under it, where a finger can see it', async ({ page, baseURL }) => {
    await registerThroughUi(page);
    const { projectId: empty } = await seedReport(page, baseURL!, 'No Pairs Yet', 0);
    await page.goto(`/?project=${empty}`);
    const exportButton = page.getByRole('button', { name: 'Export to PDF' });
    await expect(exportButton).toBeDisabled();
    const note = page.getByText('Create a photo pair to export');
    await expect(note).toBeVisible();
    await expect(exportButton).toHaveAccessibleDescription('Create a photo pair to export');
    // Under the button, not beside it.
    const [buttonBox, noteBox] = [await exportButton.boundingBox(), await note.boundingBox()];
    expect(noteBox!.y).toBeGreaterThanOrEqual(buttonBox!.y + buttonBox!.height);

    const { projectId: paired } = await seedReport(page, baseURL!, 'One Pair', 1);
    await page.goto(`/?project=${paired}`);
    await expect(page.getByRole('button', { name: 'Export to PDF' })).toBeEnabled();
    await expect(page.getByText('Create a photo pair to export')).toHaveCount(0);
  });

  test('the file-name question takes the typing on a desktop', async ({ page, baseURL }) => {
    await registerThroughUi(page);
    const { projectId } = await seedReport(page, baseURL!, 'Smith Residence', 1);
    await page.goto(`/?project=${projectId}`);
    await page.getByRole('button', { name: 'Export to PDF' }).click();
    await expect(page.getByRole('dialog').getByLabel('File name')).toBeFocused();
  });

  test('a new report left empty is not kept; one with a photo is', async ({ page }) => {
    await registerThroughUi(page);
    await createReportThroughUi(page);
    // Left through the header menu's Reports this time.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Reports' }).click();
    await expect(page.getByRole('button', { name: 'Create First Report' })).toBeVisible();
    await expect(page.getByTestId('project-card')).toHaveCount(0);
    await expect.poll(() => serverReportCount(page)).toBe(0);

    await createReportThroughUi(page);
    await page
      .getByTestId('photo-file-input')
      .setInputFiles({ name: 'kitchen.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg({ width: 640, height: 480, hue: '#0ea5e9' }) });
    await page.getByRole('button', { name: 'Save as BEFORE' }).click();
    await expectToast(page, 'Photo Uploaded');
    await page.getByRole('link', { name: 'All reports' }).click();
    await expect(page.getByTestId('project-card')).toHaveCount(1);
    await expect(page.getByTestId('project-card')).toContainText('1 photo');
    await expect.poll(() => serverReportCount(page)).toBe(1);
  });
});

// Each changed screen at both sizes in both languages: screenshots to look at, and axe.
for (const locale of LOCALES) {
  for (const [sizeName, device] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test.describe(`changed screens in ${locale} on ${sizeName}`, () => {
      test.use({ ...device, locale: locale === 'es' ? 'es-ES' : 'en-US' });

      test('look and axe', async ({ page, baseURL }) => {
        await useDeviceLocale(page, locale);
        const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}-${locale}-${sizeName}.png` });
        const where = (screen: string) => `${screen} (${locale}, ${sizeName})`;
        await registerThroughApi(page, baseURL!, 'Sparkle Cleaning Co', locale);
        const { projectId: empty } = await seedReport(page, baseURL!, 'No Pairs Yet', 0);
        const { projectId: paired } = await seedReport(page, baseURL!, 'Smith Residence', 1);

        // A disabled Export with its line.
        await page.goto(`/?project=${empty}`);
        await expect(page.getByTestId('export-needs-pair-note')).toBeVisible();
        await shot('export-needs-pair');
        await expectNoAxeViolations(page, where('report editor, Export needs a pair'));

        // The file-name question.
        await page.goto(`/?project=${paired}`);
        await page.locator('#export-pdf-button').click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await shot('filename-dialog');
        await expectNoAxeViolations(page, where('file name dialog'));
        await page.keyboard.press('Escape');

        // A toast inside an open dialog.
        await page.getByRole('button', { name: locale === 'es' ? 'Menú' : 'Menu' }).click();
        await page.getByRole('menuitem').nth(2).click(); // Business Settings (after Reports and Clients)
        const dialog = page.getByRole('dialog');
        await page.route('**/api/user/business-name', (route) => route.abort('internetdisconnected'));
        await dialog.getByRole('textbox').fill('Gleam Team');
        await dialog.locator('button[type="submit"]').click();
        await expect(dialog.getByTestId('toast')).toBeVisible();
        await shot('dialog-toast');
        await expectNoAxeViolations(page, where('Business Settings with a toast inside'));
        await page.unroute('**/api/user/business-name');
        await page.keyboard.press('Escape');

        // The card form, formatted, with a problem under a field.
        await page.goto('/subscribe');
        await page.locator('main button').first().click();
        const form = page.locator('form');
        await expect(form).toBeVisible();
        await dismissToastsAnyLanguage(page);
        await form.locator('input').nth(1).fill('1');
        await form.locator('button[type="submit"]').click();
        await expect(form.locator('[role="alert"]')).toBeVisible();
        await form.locator('button[type="submit"]').scrollIntoViewIfNeeded();
        await shot('card-form-error');
        await expectNoAxeViolations(page, where('card form with an error under a field'));
      });
    });
  }
}

async function dismissToastsAnyLanguage(page: Page): Promise<void> {
  const toasts = page.getByTestId('toast');
  while ((await toasts.count()) > 0) await toasts.first().locator('button').last().click();
}
