// A trial that tells the truth, on a phone: the header's countdown from day 1 (amber for the last
// days), subscribing during the trial keeps its days (sandbox and Stripe stand-in), and Resume.
// Each runs on its own server process (e2e/own-server.ts), whose clock the test moves.
import { expect, test as base, type Page } from '@playwright/test';
import { DESKTOP, PHONE, expectToast, registerThroughUi } from './support';
import { startOwnServer, type OwnServer } from './own-server-process';
import { LOCALES, closeToasts, expectNoAxeViolations, registerThroughApi, useDeviceLocale } from './a11y-support';

const DAY_MS = 24 * 60 * 60 * 1000;
const SHOTS = 'test-results/trial-screens';

base.describe.configure({ timeout: 120_000 });

function serverTest(mode: 'stripe' | 'sandbox') {
  return base.extend<object, { ownServer: OwnServer }>({
    ownServer: [
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const server = await startOwnServer(mode);
        await use(server);
        server.stop();
      },
      { scope: 'worker', timeout: 240_000 },
    ],
    baseURL: async ({ ownServer }, use) => {
      await use(ownServer.url);
    },
  });
}

interface Status {
  trialEndsAt: string;
  nextBillingDate: string;
  subscriptionActive: boolean;
  trialActive: boolean;
  cancelAtPeriodEnd: boolean;
  status: string | null;
}
const statusOf = (page: Page): Promise<Status> => page.evaluate(() => fetch('/api/subscription-status').then((response) => response.json()));

/** 'December 8, 2026': the UTC day, as the server writes nextBillingDate. */
const utcDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

async function openSubscriptionDialog(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Subscription' }).click();
  return page.getByRole('dialog', { name: 'Subscription Settings' });
}

const sandboxTest = serverTest('sandbox');
sandboxTest.use(PHONE);

sandboxTest('the header counts the trial down from day 1, amber for its last 3 days, in English and Spanish', async ({ page, ownServer }) => {
  await registerThroughUi(page);
  const chip = page.getByRole('banner').getByRole('link', { name: '14 days left · Upgrade' });
  await expect(chip).toBeVisible();
  await expect(chip).toHaveAttribute('data-ending', 'false');
  const calm = await chip.evaluate((element) => getComputedStyle(element).backgroundColor);
  await expectNoAxeViolations(page, 'home with the trial chip (day 1)');
  await page.screenshot({ path: `${SHOTS}/chip-day-1-phone.png` });

  // Day 12: 3 days left.
  await ownServer.advanceClock(11 * DAY_MS);
  await page.reload();
  const ending = page.getByRole('banner').getByRole('link', { name: '3 days left · Upgrade' });
  await expect(ending).toBeVisible();
  await expect(ending).toHaveAttribute('data-ending', 'true');
  const amber = await ending.evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(amber).not.toBe(calm);
  // Amber: more red than blue, unlike the brand's teal.
  const [red = 0, , blue = 0] = amber.match(/\d+/g)?.map(Number) ?? [];
  expect(red).toBeGreaterThan(blue);
  await expectNoAxeViolations(page, 'home with the amber trial chip (day 12)');
  await page.screenshot({ path: `${SHOTS}/chip-day-12-phone.png` });
  await ending.click();
  await expect(page).toHaveURL(/\/subscribe$/);
  await expect(page.getByText('Your free trial has 3 days left.', { exact: false })).toBeVisible();

  // The last day reads in the singular.
  await ownServer.advanceClock(2 * DAY_MS);
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: '1 day left · Upgrade' })).toBeVisible();

  // Spanish, on the same account.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitemradio', { name: 'Español' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Queda 1 día · Mejorar' })).toBeVisible();
  await expectNoAxeViolations(page, 'home with the trial chip in Spanish');
  await page.screenshot({ path: `${SHOTS}/chip-last-day-es-phone.png` });
});

sandboxTest("subscribing on day 2 keeps the trial: 'Pay $4.99 on {trial end}', and the next billing date is the trial's end", async ({ page, ownServer }) => {
  await registerThroughUi(page);
  await ownServer.advanceClock(DAY_MS);
  await page.reload();
  const { trialEndsAt } = await statusOf(page);
  const trialEnd = utcDay(trialEndsAt);

  await page.getByRole('banner').getByRole('link', { name: '13 days left · Upgrade' }).click();
  await expect(page).toHaveURL(/\/subscribe$/);
  await expect(
    page.getByText(`Your free trial has 13 days left. Subscribe now and keep them: your card is saved today and first charged on ${trialEnd}`),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe for $4.99/month' }).click();
  await expectToast(page, 'Payment Required');
  const pay = page.getByRole('button', { name: `Pay $4.99 on ${trialEnd}`, exact: true });
  await expect(pay).toBeVisible();
  await expectNoAxeViolations(page, '/subscribe with the trial-keeping Pay button');
  await page.screenshot({ path: `${SHOTS}/subscribe-keeps-trial-phone.png`, fullPage: true });
  await pay.click();
  await expectToast(page, 'Subscription Successful', 'Welcome to CleanProof Pro');
  await expect(page).toHaveURL(/\/$/);

  expect(await statusOf(page)).toMatchObject({ subscriptionActive: true, trialActive: true, status: 'trialing', nextBillingDate: trialEnd });
  await expect(page.getByTestId('trial-chip')).toHaveCount(0);
  const dialog = await openSubscriptionDialog(page);
  await expect(dialog.getByText('Premium Plan', { exact: true })).toBeVisible();
  await expect(dialog.getByText(`Next billing date: ${trialEnd}`)).toBeVisible();
});

sandboxTest('Resume takes back a cancel before the period ends', async ({ page }) => {
  await registerThroughUi(page);
  await page.goto('/subscribe');
  await page.getByRole('button', { name: 'Subscribe for $4.99/month' }).click();
  await page.getByRole('button', { name: 'Pay $4.99' }).click();
  await expectToast(page, 'Subscription Successful');

  const dialog = await openSubscriptionDialog(page);
  page.once('dialog', (prompt) => void prompt.accept());
  await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expectToast(page, 'Subscription Cancelled');
  await expect(dialog.getByText(/Cancelled: access until/)).toBeVisible();
  const resume = dialog.getByRole('button', { name: 'Resume Subscription' });
  await expect(resume).toBeVisible();
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 15_000 });
  await expectNoAxeViolations(page, 'Subscription Settings with Resume');
  await page.screenshot({ path: `${SHOTS}/dialog-resume-phone.png` });

  await resume.click();
  await expectToast(page, 'Subscription Resumed', 'Your subscription will renew as before.');
  await expect(dialog.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
  await expect(resume).toHaveCount(0);
  await expect(dialog.getByText(/Next billing date: \w+ \d{1,2}, \d{4}/)).toBeVisible();
  expect(await statusOf(page)).toMatchObject({ subscriptionActive: true, cancelAtPeriodEnd: false });
});

for (const locale of LOCALES) {
  sandboxTest(`screens in ${locale}: chip, /subscribe while trialing, at both sizes`, async ({ page, baseURL }) => {
    await useDeviceLocale(page, locale);
    await registerThroughApi(page, baseURL ?? '', 'Sparkle Cleaning Co', locale);
    for (const [size, viewport] of [
      ['phone', PHONE.viewport],
      ['desktop', DESKTOP.viewport],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await expect(page.getByTestId('trial-chip')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/home-chip-${locale}-${size}.png` });
      await page.goto('/subscribe');
      await page.getByRole('main').getByRole('button').first().click();
      await expect(page.getByTestId('test-mode-notice')).toBeVisible();
      await closeToasts(page);
      await expectNoAxeViolations(page, `/subscribe (${locale}, ${size})`);
      await page.screenshot({ path: `${SHOTS}/subscribe-${locale}-${size}.png`, fullPage: true });
    }
  });
}

const stripeTest = serverTest('stripe');
stripeTest.use(PHONE);

stripeTest(
  "Stripe: subscribing during the trial puts trial_end on the subscription; once the card is saved, the next billing date is the trial's end",
  async ({ page, ownServer }) => {
    await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
    await registerThroughUi(page);
    await ownServer.advanceClock(2 * DAY_MS);
    const { trialEndsAt } = await statusOf(page);

    // What the page's Subscribe button asks for (Stripe.js then confirms the setup intent with the card).
    await page.goto('/subscribe');
    const upgrade = page.waitForResponse((response) => response.url().endsWith('/api/upgrade-subscription'));
    await page.getByRole('button', { name: 'Subscribe for $4.99/month' }).click();
    const started = (await (await upgrade).json()) as { subscriptionId: string; intent: string; firstChargeAt: string; clientSecret: string; status: string };
    expect(started).toMatchObject({ intent: 'setup', status: 'incomplete' });
    expect(started.clientSecret).toMatch(/^seti_/);
    // Stripe keeps whole seconds.
    expect(started.firstChargeAt).toBe(new Date(Math.floor(Date.parse(trialEndsAt) / 1000) * 1000).toISOString());
    await expectToast(page, 'Payment Required');
    expect(await statusOf(page)).toMatchObject({ subscriptionActive: false, trialActive: true, nextBillingDate: 'Unknown' });

    await ownServer.confirmSetupIntent(started.subscriptionId);
    expect(await statusOf(page)).toMatchObject({ subscriptionActive: true, trialActive: true, status: 'trialing', nextBillingDate: utcDay(trialEndsAt) });
    await page.goto('/');
    await expect(page.getByTestId('trial-chip')).toHaveCount(0);
    const dialog = await openSubscriptionDialog(page);
    await expect(dialog.getByText(`Next billing date: ${utcDay(trialEndsAt)}`)).toBeVisible();
  },
);
