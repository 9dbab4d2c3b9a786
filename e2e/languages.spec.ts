// English and Spanish: the first visit follows the browser's languages, the choice is
// remembered on the device, and a signed-in user's choice is stored on the account so it follows
// them to a fresh browser. The device's choice lives in localStorage `cleanproof.locale`.
import { expect, test } from '@playwright/test';
import { actAsNewVisitor, registerThroughUi, uniqueEmail } from './support';

test.describe('a browser whose language is Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('shows the landing page in Spanish with lang="es", and English once chosen', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('link', { name: 'Empieza tu prueba gratuita' }).first()).toBeVisible();
    await expect(page.getByText('Tres pasos: fotografía, guarda, envía')).toBeVisible();
    await expect(page.getByText('4,99 US$', { exact: true })).toBeVisible();
    await expect(page.getByTestId('crew-included')).toHaveText('Todo tu equipo incluido: un precio fijo, sin pagar por usuario.');

    await page.getByRole('combobox', { name: 'Idioma' }).focus();
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
    await expect(page.getByRole('link', { name: 'Start Your Free Trial' }).first()).toBeVisible();
    // The page is rendered afresh in English; keyboard focus stays on the language select.
    await expect(page.getByRole('combobox', { name: 'Language' })).toBeFocused();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await page.evaluate(() => localStorage.getItem('cleanproof.locale'))).toBe('en');

    // Remembered on this device: a reload stays in English although the browser asks for Spanish.
    await page.reload();
    await expect(page.getByRole('link', { name: 'Start Your Free Trial' }).first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('shows the auth page and its checks in Spanish', async ({ page }) => {
    await page.goto('/auth?mode=register');
    await expect(page.getByRole('heading', { name: 'Crea tu cuenta' })).toBeVisible();
    await page.getByLabel('Correo electrónico').fill('not-an-email');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByText('Escribe un correo electrónico válido')).toBeVisible();
    await expect(page.getByText('El nombre de la empresa no puede quedar vacío')).toBeVisible();
    await expect(page.getByText('La contraseña debe tener al menos 6 caracteres')).toBeVisible();

    // The server's refusal, by its code, in Spanish too.
    await page.goto('/auth');
    await page.getByLabel('Correo electrónico').fill(uniqueEmail('nobody'));
    await page.getByLabel('Contraseña', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByText('El correo electrónico o la contraseña no son correctos')).toBeVisible();
  });
});

test('a device language set in localStorage wins over the browser on the first paint', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cleanproof.locale', 'es'));
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Informes con fotos de antes y después que encantarán a tus clientes');
});

test("a signed-in user's choice is stored on the account and survives signing in on a fresh browser", async ({ page, browser }) => {
  const { email, password } = await registerThroughUi(page, { email: uniqueEmail('lang') });
  await page.getByRole('button', { name: 'Menu' }).click();
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/user/preferences') && response.request().method() === 'PATCH');
  await page.getByRole('menuitemradio', { name: 'Español' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Aún no tienes informes' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('button', { name: 'Menú' })).toBeFocused();

  // A fresh context: English browser, nothing on the device. Signing in brings the account's Spanish.
  const context = await browser.newContext({ locale: 'en-US' });
  const fresh = await context.newPage();
  await actAsNewVisitor(fresh);
  await fresh.goto('/auth');
  await expect(fresh.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await fresh.getByLabel('Email').fill(email);
  await fresh.getByLabel('Password').fill(password);
  await fresh.getByRole('button', { name: 'Sign In' }).click();
  await expect(fresh.getByRole('heading', { name: 'Aún no tienes informes' })).toBeVisible();
  await expect(fresh.locator('html')).toHaveAttribute('lang', 'es');
  expect(await fresh.evaluate(() => localStorage.getItem('cleanproof.locale'))).toBe('es');

  // And a reload there is Spanish from the server's first byte (<html lang> written by the server).
  const response = await fresh.request.get('/');
  expect(await response.text()).toContain('<html lang="es">');

  // Back to English from the header menu.
  await fresh.getByRole('button', { name: 'Menú' }).click();
  await fresh.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(fresh.getByRole('heading', { name: 'No reports yet' })).toBeVisible();
  await context.close();
});
