import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { parseCsv } from '../src/shared/csv';
import { DESKTOP, E2E_ADMIN_PASSWORD, expectToast, PHONE, registerThroughUi, uniqueEmail } from './support';

const SCREENS = 'test-results/admin-screens';
/** A business name that would be a live link in a spreadsheet, unless neutralised (one per device). */
const hostileName = (device: string) => `=HYPERLINK("http://x.io","Café, Zoë ${device}")`;

async function expectLocked(page: Page) {
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByLabel('Admin password')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Lock' })).toHaveCount(0);
}

async function unlock(page: Page) {
  await page.getByLabel('Admin password').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Access Dashboard' }).click();
  await expectToast(page, 'Admin Access Granted');
  await expect(page.getByRole('button', { name: 'Lock' })).toBeVisible();
}

for (const [name, device] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
  test.describe(`admin dashboard on ${name}`, () => {
    test.use(device);

    test('stays locked until the admin password is right, then shows analytics and exports the users', async ({ page, request }) => {
      // A user to find in the dashboard and the export, with a name that would be a formula.
      const email = uniqueEmail(`admin-${name}`);
      const businessName = hostileName(name);
      const registered = await request.post('/api/register', { data: { email, password: 'correct horse', confirmPassword: 'correct horse', businessName } });
      expect(registered.status()).toBe(201);

      await page.goto('/admin');
      await expectLocked(page);
      const access = page.getByRole('button', { name: 'Access Dashboard' });
      await expect(access).toBeDisabled();
      await page.screenshot({ path: `${SCREENS}/admin-locked-${name}.png`, fullPage: true });

      await page.getByLabel('Admin password').fill('not-the-password');
      await expect(access).toBeEnabled();
      await access.click();
      await expectToast(page, 'Access Denied', 'Invalid admin password.');
      await expectLocked(page);
      await expect(access).toBeDisabled(); // the field is cleared after a wrong guess

      await unlock(page);
      for (const label of ['Total Users', 'Trial Users', 'Subscribed Users', 'New Today', 'New This Week', 'New This Month']) {
        await expect(page.getByRole('listitem').filter({ hasText: label })).toBeVisible();
      }
      await expect(page.getByRole('img', { name: /Bar chart of sign-ups per day/ })).toBeVisible();
      await expect(page.getByText(email).filter({ visible: true })).toBeVisible();
      await expect(page.getByText(businessName).filter({ visible: true })).toBeVisible();
      await page.getByRole('button', { name: 'Dismiss' }).click();
      await page.screenshot({ path: `${SCREENS}/admin-unlocked-${name}.png`, fullPage: true });

      // The admin session outlives a reload.
      await page.reload();
      await expect(page.getByRole('button', { name: 'Lock' })).toBeVisible();
      await expect(page.getByText(email).filter({ visible: true })).toBeVisible();

      const downloadPromise = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const download = await downloadPromise;
      expect(download.suggestedFilename()).toMatch(/^cleanproof-users-\d{4}-\d{2}-\d{2}\.csv$/);
      const bytes = await fs.readFile(await download.path());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header, ...rows] = parseCsv(bytes.toString('utf8'));
      expect(header).toEqual(['Email', 'Business Name', 'Signup Date', 'Trial Ends', 'Status']);
      const row = rows.find((cells) => cells[0] === email);
      expect(row).toEqual([email, `'${businessName}`, expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), 'Trial']);
      await expectToast(page, 'Export Complete');

      await page.getByRole('button', { name: 'Lock' }).click();
      await expectLocked(page);
      await page.reload();
      await expectLocked(page);
    });

    test('is reachable while signed in, and a user session does not unlock it', async ({ page }) => {
      await registerThroughUi(page);
      await page.goto('/admin');
      await expect(page).toHaveURL(/\/admin$/);
      await expectLocked(page);
      expect((await page.request.get('/api/admin/analytics')).status()).toBe(401);
    });

    test("says 'Unable to load analytics data.' when the analytics call fails", async ({ page }) => {
      await page.goto('/admin');
      await unlock(page);
      await page.route('**/api/admin/analytics', (route) => route.abort('failed'));
      await page.reload();
      await expect(page.getByText('Unable to load analytics data.')).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/admin-error-${name}.png` });
      await page.unroute('**/api/admin/analytics');
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('listitem').filter({ hasText: 'Total Users' })).toBeVisible();
    });
  });
}
