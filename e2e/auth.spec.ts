// The account life cycle in Chromium on a phone: register, sign out, sign in, forgot and reset
// the password through the outbox mail, and sign in with the new password.
import { expect, test, type Page } from '@playwright/test';
import { findResetLink } from '../src/server/test-support/mail-text';
import { DESKTOP, expectToast, PHONE, readLatestMail, uniqueEmail } from './support';

/** Collects Content Security Policy violations and uncaught errors; the test fails on any. */
function watchForPolicyViolations(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy|CSP violation/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`));
  });
  return problems;
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Already have an account? Sign In' })).toBeVisible();
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  // Checked at once: a toast hides itself after a few seconds.
  await expectToast(page, 'Welcome back!');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
}

test.describe('accounts on a phone', () => {
  test.use(PHONE);

  test('register, sign out, sign in, forget, reset, and sign in with the new password', async ({ page }) => {
    const problems = watchForPolicyViolations(page);
    const email = uniqueEmail();
    const password = 'correct horse';
    await page.goto('/auth?mode=register');
    await page.getByLabel('Business name').fill('Sparkle Cleaning Co');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Account created!', '14-day free trial');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();

    await signOut(page);
    await page.getByRole('link', { name: 'Already have an account? Sign In' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await signIn(page, email, password);

    // A signed-in user who opens /auth is sent home.
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();

    await signOut(page);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectToast(page, 'Email Required', 'Please enter your email address');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectToast(page, 'Reset Link Sent');
    await expect(page.getByText('check your spam folder')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens-auth/auth-forgot-sent-phone.png' });

    const link = findResetLink(await readLatestMail(email));
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('fresh start 2');
    await page.getByLabel('Confirm new password').fill('fresh start 3');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectToast(page, 'Password Mismatch', 'Passwords do not match');
    await page.getByLabel('Confirm new password').fill('fresh start 2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectToast(page, 'Password Reset Successfully');
    await expect(page).toHaveURL(/\/auth$/);

    await signIn(page, email, 'fresh start 2');

    // The same link a second time says why it no longer works.
    await signOut(page);
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('third time');
    await page.getByLabel('Confirm new password').fill('third time');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectToast(page, 'Reset Failed', 'already been used');

    expect(problems).toEqual([]);
  });

  test('registration with passwords that do not match shows Password Mismatch and creates nothing', async ({ page }) => {
    const problems = watchForPolicyViolations(page);
    const email = uniqueEmail('mismatch');
    await page.goto('/auth?mode=register');
    await page.getByLabel('Business name').fill('Mismatch Maids');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret-one');
    await page.getByLabel('Confirm password').fill('secret-two');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Password Mismatch', 'Passwords do not match');
    await expect(page).toHaveURL(/\/auth\?mode=register$/);
    expect((await page.request.get('/api/user')).status()).toBe(401);
    // No account exists: that email can still register.
    const fresh = await page.request.post('/api/register', {
      data: { email, password: 'secret-one', confirmPassword: 'secret-one', businessName: 'Mismatch Maids' },
    });
    expect(fresh.status()).toBe(201);
    expect(problems).toEqual([]);
  });

  test('Sign Out clears the session on this phone even when the server cannot be reached', async ({ page }) => {
    const email = uniqueEmail('offline-signout');
    const registered = await page.request.post('/api/register', {
      data: { email, password: 'correct horse', confirmPassword: 'correct horse', businessName: 'Offline Maids' },
    });
    expect(registered.status()).toBe(201);
    await page.context().clearCookies();
    await page.goto('/auth');
    await signIn(page, email, 'correct horse');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();

    await page.route('**/api/logout', (route) => route.abort('internetdisconnected'));
    await signOut(page);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  });

  test('Sign Out holds even when a user lookup was still on its way and the sign-out call is lost', async ({ page }) => {
    const email = uniqueEmail('slow-lookup');
    const registered = await page.request.post('/api/register', {
      data: { email, password: 'correct horse', confirmPassword: 'correct horse', businessName: 'Slow Maids' },
    });
    expect(registered.status()).toBe(201);
    await page.context().clearCookies();
    await page.goto('/auth');
    // A weak signal: the refresh of the user made just after sign-in is still travelling at sign-out.
    await page.route('**/api/user', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue().catch(() => undefined);
    });
    await signIn(page, email, 'correct horse');
    await page.route('**/api/logout', (route) => route.abort('internetdisconnected'));
    await signOut(page);
    // The lookup's answer (the session the server still knows) arrives and changes nothing.
    await page.waitForTimeout(2000);
    await expect(page.getByRole('link', { name: 'Already have an account? Sign In' })).toBeVisible();
  });

  test('a failed user lookup goes to /auth after a moment, except on /admin', async ({ page }) => {
    await page.route('**/api/user', (route) => route.abort('internetdisconnected'));
    await page.goto('/projects');
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await page.waitForTimeout(1_500); // past the 1 s redirect delay of spec §9
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('toggles between sign-in and registration, and forgot only in sign-in mode', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.getByRole('button', { name: 'Start your free trial' }).click();
    await expect(page).toHaveURL(/\/auth\?mode=register$/);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Forgot your password?' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test('a reset link without a token says so and goes to /auth', async ({ page }) => {
    await page.goto('/reset-password');
    await expectToast(page, 'Invalid Reset Link', 'No reset token found in the URL');
    await expect(page).toHaveURL(/\/auth$/);
  });
});

for (const [name, device] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`auth screens on ${name}`, () => {
    test.use(device);

    test('look right: sign-in, registration, forgot panel and reset page', async ({ page }) => {
      const problems = watchForPolicyViolations(page);
      await page.goto('/auth');
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await page.screenshot({ path: `test-results/screens-auth/auth-login-${name}.png`, fullPage: true });

      await page.goto('/auth?mode=register');
      await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
      await page.screenshot({ path: `test-results/screens-auth/auth-register-${name}.png`, fullPage: true });

      await page.goto('/auth');
      await page.getByRole('button', { name: 'Forgot your password?' }).click();
      await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
      await page.screenshot({ path: `test-results/screens-auth/auth-forgot-${name}.png`, fullPage: true });

      await page.goto('/reset-password?token=screenshot-only');
      await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
      await page.screenshot({ path: `test-results/screens-auth/reset-password-${name}.png`, fullPage: true });

      // Every control a thumb uses is at least 44 px tall.
      for (const control of await page.locator('button, input').all()) {
        const box = await control.boundingBox();
        expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      }
      expect(problems).toEqual([]);
    });
  });
}
