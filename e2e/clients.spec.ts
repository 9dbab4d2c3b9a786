// Clients: added from /clients (in the header menu), a report started from the client's page,
// and the client's page listing it.
import { expect, test } from '@playwright/test';
import { DESKTOP, PHONE, expectToast, registerThroughUi } from './support';
import { dismissToasts } from './reports-support';

const SHOTS = 'test-results/clients-screens';

test.describe.configure({ timeout: 180_000 });
test.use(PHONE);

test('a client is created, a report started from them, and the client page lists it', async ({ page }) => {
  await registerThroughUi(page);
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Clients' }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();

  await page.getByLabel('Name').fill('Harbour View Hotel');
  // The server's check, said on the form: a phone holds digits, spaces and + ( ) - . only.
  await page.getByLabel('Phone').fill('call me');
  await page.getByRole('button', { name: 'Add Client' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /phone/i })).toBeVisible();
  await page.getByLabel('Phone').fill('+1 (555) 010-2030');
  await page.getByLabel('Email').fill('front@harbour.example');
  await page.screenshot({ path: `${SHOTS}/add-client-phone.png`, fullPage: true });
  await page.getByRole('button', { name: 'Add Client' }).click();

  await expect(page).toHaveURL(/\/clients\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour View Hotel' })).toBeVisible();
  await expect(page.getByRole('link', { name: '+1 (555) 010-2030' })).toHaveAttribute('href', 'tel:+15550102030');
  await expect(page.getByRole('link', { name: 'front@harbour.example' })).toHaveAttribute('href', 'mailto:front@harbour.example');
  const clientUrl = page.url();
  await page.screenshot({ path: `${SHOTS}/client-phone.png`, fullPage: true });

  await page.getByRole('button', { name: 'New report for Harbour View Hotel' }).click();
  await expect(page).toHaveURL(/\/\?project=\d+$/);
  await expectToast(page, 'Report Created');
  await page.getByTestId('field-camera').getByRole('button', { name: 'Stop Camera' }).click();
  await expect(page.getByLabel('Client name')).toHaveValue('Harbour View Hotel');
  await dismissToasts(page);

  await page.goto(clientUrl);
  await expect(page.getByRole('heading', { level: 2, name: '1 report' })).toBeVisible();
  await expect(page.getByTestId('project-card')).toContainText('Harbour View Hotel');
  await page.getByTestId('project-card').getByRole('link').click();
  await expect(page).toHaveURL(/\/\?project=\d+$/);

  await page.goto('/clients');
  await page.getByLabel('Search clients').fill('harb');
  await expect(page.getByTestId('client-card')).toHaveCount(1);
  await expect(page.getByTestId('client-card')).toContainText('1 report');
});

test.describe('on a desktop', () => {
  test.use(DESKTOP);
  test('the clients screens at 1280x800', async ({ page }) => {
    await registerThroughUi(page);
    await page.goto('/clients');
    await page.getByLabel('Name').fill('José Álvarez');
    await page.getByRole('button', { name: 'Add Client' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'José Álvarez' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/client-desktop.png` });
    await page.goto('/clients');
    await expect(page.getByTestId('client-card')).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/clients-desktop.png` });
  });
});
