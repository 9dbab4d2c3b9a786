// Trial, sandbox payment, cancel and account settings in a real browser against the real server
// (sandbox billing: the embedded default with no Stripe keys).
import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, actAsNewVisitor, expectToast, registerThroughUi, uniqueEmail } from './support';
import { expectNoAxeViolations, useDeviceLocale } from './a11y-support';

const SHOTS = 'test-results/billing-screens';
const CANCEL_CONFIRMATION = "Are you sure you want to cancel your subscription? You'll lose access to premium features at the end of your billing period.";

async function openMenuItem(page: Page, name: 'Subscription' | 'Business Settings') {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name }).click();
}

async function payInSandbox(page: Page) {
  await page.getByRole('button', { name: 'Subscribe for $4.99/month' }).click();
  await expectToast(page, 'Payment Required');
  await expect(page.getByTestId('test-mode-notice')).toContainText('TEST MODE');
  await page.getByRole('button', { name: 'Pay $4.99' }).click();
  await expectToast(page, 'Subscription Successful', 'Welcome to CleanProof Pro');
  await expect(page).toHaveURL(/\/$/);
}

test.describe('on a phone', () => {
  test.use(PHONE);

  test('trial -> pay in the sandbox -> Active -> cancel (declined first) keeps Premium until the period ends', async ({ page }) => {
    await registerThroughUi(page);
    // spec §7: the dialog asks for the status only while it is open.
    const statusCalls: number[] = [];
    page.on('request', (request) => void (request.url().endsWith('/api/subscription-status') && statusCalls.push(Date.now())));
    await expect(page.getByRole('button', { name: 'Create First Report' })).toBeVisible();
    const beforeOpening = statusCalls.length;

    await openMenuItem(page, 'Subscription');
    const dialog = page.getByRole('dialog', { name: 'Subscription Settings' });
    await expect(dialog.getByText('14 days remaining')).toBeVisible();
    await expect.poll(() => statusCalls.length).toBe(beforeOpening + 1);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    const whileClosed = statusCalls.length;
    await openMenuItem(page, 'Subscription');
    await expect(dialog.getByText('14 days remaining')).toBeVisible();
    // Nothing was asked while it was closed; opening again asks once more.
    await expect.poll(() => statusCalls.length).toBe(whileClosed + 1);
    await expect(dialog.getByText('Manage your CleanProof subscription and billing.')).toBeVisible();
    await expect(dialog.getByText('Free Trial', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Trial', { exact: true })).toBeVisible();
    await expect(dialog.getByText('14 days remaining')).toBeVisible();
    await expect(dialog.getByText('Your free trial expires in 14 days. Upgrade to continue using CleanProof.')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/subscription-dialog-trial-phone.png` });
    await dialog.getByRole('button', { name: 'Upgrade to Premium' }).click();

    await expect(page).toHaveURL(/\/subscribe$/);
    await expect(page.getByRole('heading', { name: 'Upgrade to Pro' })).toBeVisible();
    await expect(page.getByText('Your free trial has 14 days left.', { exact: false })).toBeVisible();
    await expect(page.getByTestId('crew-included')).toHaveText('Your whole crew included: one flat price, no per-user fees.');
    await page.screenshot({ path: `${SHOTS}/subscribe-phone.png`, fullPage: true });
    await page.getByRole('button', { name: 'Subscribe for $4.99/month' }).click();
    await expectToast(page, 'Payment Required');
    await expect(page.getByTestId('test-mode-notice')).toContainText('TEST MODE');
    await page.screenshot({ path: `${SHOTS}/subscribe-test-card-phone.png`, fullPage: true });
    await page.getByRole('button', { name: 'Pay $4.99' }).click();
    await expectToast(page, 'Subscription Successful', 'Welcome to CleanProof Pro');
    await expect(page).toHaveURL(/\/$/);

    await openMenuItem(page, 'Subscription');
    await expect(dialog.getByText('Premium Plan', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Active', { exact: true })).toBeVisible();
    await expect(dialog.getByText('$4.99/month')).toBeVisible();
    await expect(dialog.getByText(/Next billing date: \w+ \d{1,2}, \d{4}/)).toBeVisible();
    await expect(dialog.getByText('Trial Period')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/subscription-dialog-active-phone.png` });

    // Declined confirmation: nothing is sent.
    const cancelCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/cancel-subscription')) cancelCalls.push(request.method());
    });
    const prompts: string[] = [];
    page.once('dialog', (prompt) => {
      prompts.push(prompt.message());
      void prompt.dismiss();
    });
    await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
    await expect.poll(() => prompts).toEqual([CANCEL_CONFIRMATION]);
    await expect(dialog.getByRole('button', { name: 'Cancel Subscription' })).toBeEnabled();
    expect(cancelCalls).toEqual([]);

    // Accepted: the button reads 'Cancelling...' and is disabled while the call is pending.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/cancel-subscription', async (route) => {
      await held;
      await route.continue();
    });
    page.once('dialog', (prompt) => void prompt.accept());
    await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
    const pending = dialog.getByRole('button', { name: 'Cancelling...' });
    await expect(pending).toBeDisabled();
    release();
    await expectToast(
      page,
      'Subscription Cancelled',
      "Your subscription has been cancelled. You'll retain access until the end of your current billing period.",
    );
    expect(cancelCalls).toEqual(['POST']);
    // Status re-fetched: still Premium (paid period), now marked cancelled with its end date.
    await expect(dialog.getByText('Premium Plan', { exact: true })).toBeVisible();
    await expect(dialog.getByText(/Cancelled: access until \w+ \d{1,2}, \d{4}/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
    // Let the toast time out rather than dismiss it (a tap outside a dialog closes the dialog).
    await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 15_000 });
    await page.screenshot({ path: `${SHOTS}/subscription-dialog-cancelled-phone.png` });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);

    // Still subscribed until the period ends: /subscribe sends the user home.
    await page.goto('/subscribe');
    await expectToast(page, 'Already Subscribed');
    await expect(page).toHaveURL(/\/$/);
  });

  test('payment failures: declined card, unexpected error, failed upgrade', async ({ page }) => {
    await registerThroughUi(page);
    await page.goto('/subscribe');

    // The signal drops as Subscribe is pressed.
    await page.route('**/api/upgrade-subscription', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Subscribe for $4.99/month' }).click();
    await expectToast(page, 'Error', 'Failed to upgrade subscription. Please try again.');
    await page.unroute('**/api/upgrade-subscription');

    await page.getByRole('button', { name: 'Subscribe for $4.99/month' }).click();
    await expectToast(page, 'Payment Required');
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay $4.99' }).click();
    await expectToast(page, 'Payment Failed', 'Your card was declined.');

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.route('**/api/billing/sandbox/confirm', (route) => route.abort('failed'));
    await page.getByRole('button', { name: 'Pay $4.99' }).click();
    await expectToast(page, 'Payment Error', 'An unexpected error occurred. Please try again.');
    await page.unroute('**/api/billing/sandbox/confirm');

    // Nothing was charged along the way: the same form still pays.
    await page.getByRole('button', { name: 'Pay $4.99' }).click();
    await expectToast(page, 'Subscription Successful');
  });

  test('Business Settings dialog: empty name refused, saved name refreshes the user, failure says Update Failed', async ({ page }) => {
    await registerThroughUi(page, { businessName: 'Sparkle Cleaning Co' });
    await openMenuItem(page, 'Business Settings');
    const dialog = page.getByRole('dialog', { name: 'Business Settings' });
    const name = dialog.getByLabel('Business name');
    await expect(name).toHaveValue('Sparkle Cleaning Co');
    await page.screenshot({ path: `${SHOTS}/business-settings-phone.png` });

    await name.fill('   ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Business name cannot be empty')).toBeVisible();
    await expectToast(page, 'Business Name Required', 'Please enter your business name.');

    // The signal drops as Save is pressed.
    await page.route('**/api/user/business-name', (route) => route.abort('internetdisconnected'));
    await name.fill('Gleam Team');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Update Failed', 'Failed to update business name. Please try again.');
    await page.unroute('**/api/user/business-name');

    const patch = page.waitForRequest((request) => request.url().endsWith('/api/user/business-name') && request.method() === 'PATCH');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await patch).postDataJSON()).toEqual({ businessName: 'Gleam Team' });
    await expectToast(page, 'Business Name Updated');
    await page.goto('/account');
    await expect(page.getByLabel('Business name')).toHaveValue('Gleam Team');
  });

  test('/account: read-only email, business name saved with PUT and a reload, link to /subscribe', async ({ page }) => {
    const { email } = await registerThroughUi(page, { businessName: 'Before Name' });
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
    const emailField = page.getByLabel('Email');
    await expect(emailField).toHaveValue(email);
    await expect(emailField).toBeDisabled();
    await expect(page.getByText('Free Trial', { exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/account-phone.png`, fullPage: true });

    const name = page.getByLabel('Business name');
    await name.fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Business name cannot be empty')).toBeVisible();

    // At most 50 characters can be typed; the saved name is trimmed.
    await name.fill(`  ${'N'.repeat(60)}`);
    await expect(name).toHaveValue(`  ${'N'.repeat(48)}`);
    await name.fill('  After Name  ');
    const put = page.waitForRequest((request) => request.url().endsWith('/api/user/business-name') && request.method() === 'PUT');
    const reload = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    expect((await put).postDataJSON()).toEqual({ businessName: 'After Name' });
    await reload;
    await expect(page.getByLabel('Business name')).toHaveValue('After Name');

    await page.getByRole('link', { name: 'Manage Subscription' }).click();
    await expect(page).toHaveURL(/\/subscribe$/);
    await expect(page.getByRole('heading', { name: 'Upgrade to Pro' })).toBeVisible();
  });

  test('/test-subscription shows my status and creates a subscription awaiting payment', async ({ page }) => {
    const { email } = await registerThroughUi(page);
    await page.goto('/test-subscription');
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'sandbox' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Test Subscription' }).click();
    await expectToast(page, 'Test Subscription Created');
    await expect(page.getByText(/^sub_sandbox_/).first()).toBeVisible();
    await expect(
      page
        .getByRole('definition')
        .filter({ hasText: /^incomplete$/ })
        .first(),
    ).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/test-subscription-phone.png`, fullPage: true });
  });
});

test.describe('in Spanish', () => {
  test.use({ ...PHONE, locale: 'es-ES' });

  /** A Spanish account, signed in on this page (its stored language is the one the app shows). */
  async function registerInSpanish(page: Page, baseURL: string): Promise<string> {
    const email = uniqueEmail('billing-es');
    await actAsNewVisitor(page);
    await useDeviceLocale(page, 'es');
    const response = await page.request.post('/api/register', {
      headers: { origin: baseURL },
      data: { email, password: 'correct horse', confirmPassword: 'correct horse', businessName: 'Limpiezas Sol', locale: 'es' },
    });
    expect(response.status()).toBe(201);
    return email;
  }

  test('/test-subscription in Spanish: labels, the create button and its toast', async ({ page, baseURL }) => {
    const email = await registerInSpanish(page, baseURL!);
    await page.goto('/test-subscription');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1, name: 'Prueba de suscripción' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: 'Correo electrónico' })).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: 'Proveedor de pagos' })).toBeVisible();
    await expectNoAxeViolations(page, 'test subscription (es, phone, Spanish account)');
    await page.getByRole('button', { name: 'Crear suscripción de prueba' }).click();
    await expectToast(page, 'Suscripción de prueba creada', 'La suscripción sub_sandbox_');
    await expect(page.getByRole('link', { name: 'Ir al pago' })).toBeVisible();
  });

  test("the sandbox card's decline is said as Stripe says it in Spanish", async ({ page, baseURL }) => {
    await registerInSpanish(page, baseURL!);
    await page.goto('/subscribe');
    await page.getByRole('button', { name: /^Suscríbete por/ }).click();
    await expectToast(page, 'Falta el pago');
    await page.getByLabel('Número de tarjeta').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await expectToast(page, 'El pago no se ha completado', 'Tu tarjeta ha sido rechazada.');
    await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4241');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    // Toasts replace each other (one at a time): find this one by its words.
    const invalid = page.getByTestId('toast').filter({ hasText: 'El número de tu tarjeta no es válido.' });
    await expect(invalid).toBeVisible();
    await expect(invalid).toContainText('El pago no se ha completado');
  });
});

test.describe('on a desktop', () => {
  test.use(DESKTOP);

  test('screens at desktop size: /subscribe, the dialogs, /account', async ({ page }) => {
    await registerThroughUi(page);
    await page.goto('/subscribe');
    await expect(page.getByRole('heading', { name: 'Upgrade to Pro' })).toBeVisible();
    await page.getByRole('button', { name: 'Subscribe for $4.99/month' }).click();
    await expect(page.getByTestId('test-mode-notice')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/subscribe-desktop.png`, fullPage: true });

    await page.goto('/');
    await openMenuItem(page, 'Subscription');
    await expect(page.getByText('14 days remaining')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/subscription-dialog-desktop.png` });
    await page.keyboard.press('Escape');

    await openMenuItem(page, 'Business Settings');
    await expect(page.getByRole('dialog', { name: 'Business Settings' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/business-settings-desktop.png` });
    await page.keyboard.press('Escape');

    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/account-desktop.png`, fullPage: true });

    await page.goto('/subscribe');
    await payInSandbox(page);
    await openMenuItem(page, 'Subscription');
    await expect(page.getByText('Premium Plan', { exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/subscription-dialog-active-desktop.png` });
  });
});
