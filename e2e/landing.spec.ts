import { expect, test } from '@playwright/test';
import { DESKTOP, PHONE } from './support';

for (const [name, device] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`landing page on ${name}`, () => {
    test.use(device);

    test('shows the offer and leads to registration, sign-in and admin', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('Nothing to install', { exact: false })).toBeVisible();
      await expect(page.getByText('Three steps: snap, save, send')).toBeVisible();
      for (const feature of ['Unlimited projects', 'Branded PDF reports', 'Priority support', 'Cloud storage'])
        await expect(page.getByText(feature)).toBeVisible();
      await expect(page.getByText('$4.99', { exact: true })).toBeVisible();
      await expect(page.getByTestId('crew-included')).toHaveText('Your whole crew included: one flat price, no per-user fees.');
      await expect(page.getByText('14-day free trial · No credit card required')).toBeVisible();
      await page.screenshot({ path: `test-results/e2e/landing-${name}.png`, fullPage: true });

      await page.getByRole('link', { name: 'Start Your Free Trial' }).first().click();
      await expect(page).toHaveURL(/\/auth\?mode=register$/);
      await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

      await page.goto('/');
      await page.getByRole('link', { name: 'Already have an account? Sign In' }).click();
      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

      await page.goto('/');
      await page.getByRole('link', { name: 'admin', exact: true }).click();
      await expect(page).toHaveURL(/\/admin$/);
    });
  });
}

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
