// The reports home list and the /projects page.
import { expect, test } from '@playwright/test';
import { DESKTOP, PHONE, expectToast, registerThroughUi } from './support';
import { dismissToasts } from './reports-support';

// Outside Playwright's outputDir, which every run empties.
const SHOTS = 'test-results/reports-screens';

test.describe.configure({ timeout: 180_000 });

for (const [name, device] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`reports on ${name}`, () => {
    test.use(device);

    test('/projects lists reports with their count, opens one, and deletes one after confirmation', async ({ page }) => {
      await registerThroughUi(page);
      await expect(page.getByRole('button', { name: 'Create First Report' })).toBeVisible();
      if (name === 'desktop') await page.screenshot({ path: `${SHOTS}/empty-desktop.png`, fullPage: true });

      await page.goto('/projects');
      await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
      await expect(page.getByTestId('project-count')).toHaveText('0 reports');

      // Creating opens the report at once.
      await page.getByRole('button', { name: 'Create New Report' }).click();
      await expect(page).toHaveURL(/\/\?project=\d+$/);
      await expectToast(page, 'Report Created');
      // A new report on a phone opens in the full-screen camera; this test edits the details.
      if (name === 'phone') await page.getByTestId('field-camera').getByRole('button', { name: 'Stop Camera' }).click();
      await page.getByLabel('Client name').fill('Oak Street Office');
      await page.getByLabel('Description').fill('Weekly office clean');
      await page.getByLabel('Client name').click();
      // Both fields changed, so each may say Saved beside its label: the description's is the one
      // this click saved (the client name's may still be showing too, when its answer was slow).
      await expect(page.locator('div:has(> label[for="description"])').getByText('Saved')).toBeVisible();

      await page.goto('/projects');
      await page.getByRole('button', { name: 'Create New Report' }).click();
      await expect(page).toHaveURL(/\/\?project=\d+$/);
      const secondId = new URL(page.url()).searchParams.get('project');

      await page.goto('/projects');
      await expect(page.getByTestId('project-count')).toHaveText('2 reports');
      const cards = page.getByTestId('project-card');
      await expect(cards).toHaveCount(2);
      // newest first; an unnamed report shows the placeholders
      await expect(cards.nth(0)).toContainText('Untitled Report');
      await expect(cards.nth(0)).toContainText('No description');
      await expect(cards.nth(1)).toContainText('Oak Street Office');
      await expect(cards.nth(1)).toContainText('Weekly office clean');
      // The created date, from the project's own timestamp (comparing with today would fail at midnight).
      const created = cards.nth(1).locator('time');
      const createdAt = new Date((await created.getAttribute('datetime')) ?? '');
      expect(Math.abs(Date.now() - createdAt.getTime())).toBeLessThan(60 * 60 * 1000);
      await expect(created).toHaveText(createdAt.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }));
      await dismissToasts(page); // a clean screenshot
      await page.screenshot({ path: `${SHOTS}/projects-${name}.png`, fullPage: true });

      // Opening a card goes to /?project={id}.
      await cards.nth(0).getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/\\?project=${secondId}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Untitled Report' })).toBeVisible();

      await page.goto('/projects');
      await page.getByRole('button', { name: 'Delete Untitled Report' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('This cannot be undone.');
      await page.screenshot({ path: `${SHOTS}/projects-delete-${name}.png` });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(cards).toHaveCount(2);

      await page.getByRole('button', { name: 'Delete Untitled Report' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete Report' }).click();
      await expectToast(page, 'Project Deleted');
      await expect(cards).toHaveCount(1);
      await expect(page.getByTestId('project-count')).toHaveText('1 report');

      // The home list agrees.
      await page.goto('/');
      await expect(page.getByTestId('project-card')).toHaveCount(1);
      await expect(page.getByTestId('project-card')).toContainText('Oak Street Office');
      if (name === 'desktop') await page.screenshot({ path: `${SHOTS}/list-desktop.png`, fullPage: true });

      // A deleted report cannot be opened.
      await page.goto(`/?project=${secondId}`);
      await expectToast(page, 'Failed to load project');
    });
  });
}

test.describe('the header menu', () => {
  test.use(DESKTOP);

  test('works from the keyboard: arrows move, Escape closes and gives focus back, an outside click closes', async ({ page }) => {
    await registerThroughUi(page);
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('menuitem', { name: 'Reports' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Clients' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Business Settings' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp'); // wraps around to the last item
    await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(menuButton).toBeFocused();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('ArrowDown'); // opens it too
    await expect(menu).toBeVisible();
    await page.getByRole('heading', { name: 'No reports yet' }).click();
    await expect(menu).toHaveCount(0);

    // Choosing an item does what it says.
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Subscription' }).press('Enter');
    await expect(page.getByRole('dialog', { name: 'Subscription Settings' })).toBeVisible();
  });
});
