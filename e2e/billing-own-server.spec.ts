// Billing journeys on this spec's own server process (e2e/billing-server.ts): Stripe mode at a
// local Stripe stand-in, and a sandbox whose clock the test moves to end a trial.
import { expect, test as base } from '@playwright/test';
import { PHONE, expectToast, registerThroughUi } from './support';
import { startBillingServer, type BillingServer } from './billing-server-process';

const DAY_MS = 24 * 60 * 60 * 1000;
const SHOTS = 'test-results/billing-screens';

function serverTest(mode: 'stripe' | 'sandbox') {
  return base.extend<object, { billingServer: BillingServer }>({
    billingServer: [
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const server = await startBillingServer(mode);
        await use(server);
        server.stop();
      },
      { scope: 'worker', timeout: 120_000 },
    ],
    baseURL: async ({ billingServer }, use) => {
      await use(billingServer.url);
    },
  });
}

const stripeTest = serverTest('stripe');
stripeTest.use(PHONE);

stripeTest("Stripe mode: Subscribe creates the subscription at Stripe; Stripe.js failing to load shows 'Payment System Unavailable'", async ({ page }) => {
  // No route to Stripe from here; make it explicit and instant.
  await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
  await registerThroughUi(page);
  const config = await page.evaluate(() => fetch('/api/billing/config').then((response) => response.json()));
  expect(config).toMatchObject({ mode: 'stripe', publishableKey: 'pk_test_standin_publishable' });

  await page.goto('/subscribe');
  await page.getByRole('button', { name: 'Subscribe for $4.99/month' }).click();
  await expectToast(page, 'Payment Required');
  await expectToast(page, 'Payment System Unavailable');
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Payment System Unavailable');
  await expect(page.getByTestId('test-mode-notice')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/subscribe-stripe-unavailable-phone.png`, fullPage: true });

  const status = await page.evaluate(() => fetch('/api/subscription-status').then((response) => response.json()));
  expect(status).toMatchObject({ status: 'incomplete', subscriptionActive: false, trialActive: true });
});

const sandboxTest = serverTest('sandbox');
sandboxTest.use(PHONE);

sandboxTest('an expired trial sees the banner, is refused new reports (402) but keeps old ones, and can subscribe', async ({ page, billingServer }) => {
  await registerThroughUi(page);
  const created = await page.evaluate(() => fetch('/api/projects', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"clientName":"Old Client"}' }).then((r) => r.status));
  expect(created).toBe(201);

  await billingServer.advanceClock(15 * DAY_MS);
  await page.reload();
  const banner = page.getByRole('status').filter({ hasText: 'Your free trial has ended' });
  await expect(banner).toBeVisible();
  await expect(page.getByText('Old Client')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/home-trial-ended-phone.png` });
  const refused = await page.evaluate(() =>
    fetch('/api/projects', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then(async (r) => ({ status: r.status, body: await r.json() })),
  );
  expect(refused.status).toBe(402);
  expect(refused.body.message).toMatch(/free trial has ended/);

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscription Settings' });
  await expect(dialog.getByText('0 days remaining')).toBeVisible();
  await expect(dialog.getByText('Trial Period')).toHaveCount(0);
  await expect(dialog.getByText('Your free trial has ended')).toBeVisible();
  await page.keyboard.press('Escape');

  // DESIGN.md's deviation: no 'No Active Trial' while a payment can be taken.
  await banner.getByRole('link', { name: 'Upgrade to Pro' }).click();
  await expect(page).toHaveURL(/\/subscribe$/);
  await expect(page.getByText('Your free trial has ended.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe for $4.99/month' }).click();
  await page.getByRole('button', { name: 'Pay $4.99' }).click();
  await expectToast(page, 'Subscription Successful');
  await expect(page).toHaveURL(/\/$/);
  await expect(banner).toHaveCount(0);
  const allowed = await page.evaluate(() => fetch('/api/projects', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((r) => r.status));
  expect(allowed).toBe(201);
});
