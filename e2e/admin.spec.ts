import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { parseCsv } from '../src/shared/csv';
import { DESKTOP, E2E_ADMIN_PASSWORD, expectToast, PHONE, registerThroughUi, uniqueEmail } from './support';
import { useDeviceLocale } from './a11y-support';

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

for (const [name, device] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
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

    test('speaks Spanish on a Spanish device: the lock screen, the figures, the chart, the users and the export', async ({ page, request }) => {
      const email = uniqueEmail(`admin-es-${name}`);
      expect(
        (
          await request.post('/api/register', {
            data: { email, password: 'correct horse', confirmPassword: 'correct horse', businessName: `Limpiezas Sol ${name}` },
          })
        ).status(),
      ).toBe(201);
      await useDeviceLocale(page, 'es');
      await page.goto('/admin');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByRole('heading', { name: 'Panel de administración' })).toBeVisible();
      await page.getByLabel('Contraseña de administración').fill('not-the-password');
      await page.getByRole('button', { name: 'Entrar al panel' }).click();
      await expectToast(page, 'Acceso denegado', 'La contraseña de administración no es correcta.');
      await page.getByLabel('Contraseña de administración').fill(E2E_ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Entrar al panel' }).click();
      await expectToast(page, 'Acceso de administración concedido');

      for (const label of ['Total de usuarios', 'Usuarios en prueba', 'Usuarios suscritos', 'Nuevos hoy', 'Nuevos esta semana', 'Nuevos este mes']) {
        await expect(page.getByRole('list', { name: 'Cifras de usuarios' }).getByRole('listitem').filter({ hasText: label })).toBeVisible();
      }
      await expect(page.getByRole('img', { name: /^Gráfico de barras de registros por día\. \d+ registros? en los últimos 30 días/ })).toBeVisible();
      await expect(page.getByText(/Datos del \d{1,2} \S+ \d{4} a las \d{2}:\d{2} UTC\./)).toBeVisible();
      const users =
        name === 'phone'
          ? page.getByRole('list', { name: 'Usuarios recientes' })
          : page.getByRole('table', { name: 'Usuarios recientes, del más nuevo al más antiguo' });
      const row = users.locator(name === 'phone' ? 'li' : 'tr').filter({ hasText: email });
      await expect(row).toContainText('En prueba');
      if (name === 'phone') await expect(row).toContainText(/Se registró el \d{1,2} \S+ \d{4} · La prueba termina el \d{1,2} \S+ \d{4}/);
      else await expect(users.getByRole('columnheader', { name: 'Fecha de registro' })).toBeVisible();

      // The CSV stays a data file for spreadsheets: English column names and statuses.
      const downloadPromise = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Exportar CSV' }).click();
      const download = await downloadPromise;
      expect(download.suggestedFilename()).toMatch(/^cleanproof-users-\d{4}-\d{2}-\d{2}\.csv$/);
      const [header, ...rows] = parseCsv((await fs.readFile(await download.path())).toString('utf8'));
      expect(header).toEqual(['Email', 'Business Name', 'Signup Date', 'Trial Ends', 'Status']);
      expect(rows.find((cells) => cells[0] === email)?.[4]).toBe('Trial');
      await expectToast(page, 'Exportación terminada', `Guardado como ${download.suggestedFilename()}`);
      await page.getByRole('button', { name: 'Bloquear' }).click();
      await expect(page.getByRole('button', { name: 'Entrar al panel' })).toBeVisible();
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
