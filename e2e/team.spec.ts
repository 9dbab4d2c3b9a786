// The crew (issue 24): the owner invites a cleaner from /team and sees the link three ways (text
// message, QR code, share sheet or copy); the cleaner joins on their own phone with a name only and
// lands on the reports; a revoked invite's link says it no longer works; a sign-in link signs the
// member in on another phone. Then axe on /team and /join in both languages and at both sizes.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DESKTOP, PHONE, actAsNewVisitor, expectToast, recordShareSheet, registerThroughUi, sharedUrls } from './support';
import { dismissToasts } from './reports-support';
import { LOCALES, closeToasts, expectNoAxeViolations, registerThroughApi, useDeviceLocale } from './a11y-support';

/** Screenshots of these screens, to look at (not compared). */
const SHOTS = process.env.TEAM_SHOTS_DIR ?? 'test-results/team-screens';

test.describe.configure({ timeout: 180_000 });

/** A fresh phone: its own context, so nothing of the owner's session is there. */
async function freshPhone(browser: Browser, viewport: { width: number; height: number } = PHONE.viewport): Promise<Page> {
  const page = await (await browser.newContext({ ...PHONE, viewport })).newPage();
  await actAsNewVisitor(page);
  return page;
}

/** Creates an invite from /team and returns its link, read from the share dialog. */
async function inviteFromTeamPage(page: Page, name: string): Promise<string> {
  await page.getByLabel('Their name (optional)').fill(name);
  await page.getByRole('button', { name: 'Create invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite ready' });
  await expect(dialog).toBeVisible();
  const url = await dialog.getByTestId('shared-link-url').innerText();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  return url;
}

test.describe('on a phone', () => {
  test.use(PHONE);

  test('the owner invites a cleaner, who joins with a name only; a revoked invite and a sign-in link work as they say', async ({ page, browser }) => {
    await recordShareSheet(page);
    await registerThroughUi(page, { businessName: 'Sparkle Cleaning Co' });
    await page.goto('/team');
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    await expect(page).toHaveTitle('Team — CleanProof');
    await expect(page.getByTestId('team-member')).toHaveCount(1);
    await expect(page.getByTestId('team-member')).toContainText('(you)');

    // A cleaner invite, named: the dialog shows the text message, the QR code and the link.
    await expect(page.getByLabel('Role', { exact: true })).toHaveValue('cleaner');
    await page.getByLabel('Their name (optional)').fill('Ana');
    await page.getByRole('button', { name: 'Create invite' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite ready' });
    await expect(dialog).toBeVisible();
    const inviteUrl = await dialog.getByTestId('shared-link-url').innerText();
    expect(inviteUrl).toMatch(/\/join\/[A-Za-z0-9_-]{43,}$/);
    const sms = dialog.getByRole('link', { name: 'Send by text message' });
    await expect(sms).toHaveAttribute('href', `sms:?&body=${encodeURIComponent(`Join Sparkle Cleaning Co on CleanProof: ${inviteUrl}`)}`);
    const qr = dialog.getByRole('img', { name: 'QR code of the link' });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((element) => element.tagName.toLowerCase())).toBe('svg');
    await page.screenshot({ path: `${SHOTS}/invite-share-phone.png` });
    // The phone's share sheet gets the link; Copy stays beside it.
    await dialog.getByRole('button', { name: 'Share link' }).click();
    await expect.poll(() => sharedUrls(page)).toEqual([inviteUrl]);
    await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();

    const pending = page.getByTestId('pending-invite');
    await expect(pending).toHaveCount(1);
    await expect(pending).toContainText('Ana');
    await expect(pending).toContainText('Cleaner');
    // Shared again: the same link.
    await pending.getByRole('button', { name: 'Share again the invite for Ana' }).click();
    await expect(dialog.getByTestId('shared-link-url')).toHaveText(inviteUrl);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The cleaner's phone: the invite says whose and what for, and joining with a name signs in.
    const cleaner = await freshPhone(browser);
    await cleaner.goto(inviteUrl);
    await expect(cleaner.getByRole('heading', { level: 1, name: "You're invited to join Sparkle Cleaning Co as a cleaner" })).toBeVisible();
    await expect(cleaner.getByLabel('Your name')).toHaveValue('Ana');
    await cleaner.screenshot({ path: `${SHOTS}/join-phone.png`, fullPage: true });
    await cleaner.getByRole('button', { name: 'Join Sparkle Cleaning Co' }).click();
    await expect(cleaner).toHaveURL(/\/$/);
    await expectToast(cleaner, 'Welcome to Sparkle Cleaning Co');
    await expect(cleaner.getByRole('button', { name: 'Menu' })).toBeVisible();
    const me = (await (await cleaner.request.get('/api/user')).json()) as { role: string; name: string; email: string | null };
    expect(me).toMatchObject({ role: 'cleaner', name: 'Ana', email: null });
    // A cleaner who opens /team is told who can manage it.
    await cleaner.goto('/team');
    await expect(cleaner.getByText('Only the owner or a manager can manage the team.')).toBeVisible();
    await expect(cleaner.getByRole('link', { name: 'Back to reports' })).toBeVisible();

    // The owner sees the new member; the used invite has left the pending list.
    await page.reload();
    await expect(page.getByTestId('team-member')).toHaveCount(2);
    const ana = page.getByTestId('team-member').filter({ hasText: 'Ana' });
    await expect(ana).toContainText(/Last seen|Seen just now/);
    await expect(page.getByLabel('Role of Ana')).toHaveValue('cleaner');
    await expect(pending).toHaveCount(0);

    // The used link: no longer valid, and whom to ask.
    const late = await freshPhone(browser);
    await late.goto(inviteUrl);
    await expect(late.getByRole('heading', { level: 1, name: 'This invite is no longer valid' })).toBeVisible();
    await expect(late.getByText(/already been used/)).toBeVisible();
    await late.screenshot({ path: `${SHOTS}/invite-used-phone.png` });

    // A second invite, revoked: its link says so.
    const revokedUrl = await inviteFromTeamPage(page, 'Leo');
    await page.screenshot({ path: `${SHOTS}/team-phone.png`, fullPage: true });
    await page.getByRole('button', { name: 'Revoke the invite for Leo' }).click();
    await page.getByRole('dialog', { name: 'Revoke this invite?' }).getByRole('button', { name: 'Revoke' }).click();
    await expectToast(page, 'Invite revoked');
    await expect(pending).toHaveCount(0);
    await late.goto(revokedUrl);
    await expect(late.getByRole('heading', { level: 1, name: 'This invite is no longer valid' })).toBeVisible();
    await expect(late.getByText('It was withdrawn. Ask the person who invited you for a new link.')).toBeVisible();
    // A link that never was one.
    await late.goto(`/join/${'x'.repeat(43)}`);
    await expect(late.getByRole('heading', { level: 1, name: 'This invite link is not valid' })).toBeVisible();

    // A sign-in link for Ana's new phone: opening it uses nothing; the tap signs her in, once.
    await dismissToasts(page);
    await ana.getByRole('button', { name: 'Send sign-in link to Ana' }).click();
    const signInDialog = page.getByRole('dialog', { name: 'Sign-in link for Ana' });
    await expect(signInDialog).toBeVisible();
    const signInUrl = await signInDialog.getByTestId('shared-link-url').innerText();
    expect(signInUrl).toMatch(/\/sign-in\/[A-Za-z0-9_-]{16,}$/);
    await expect(signInDialog.getByRole('img', { name: 'QR code of the link' })).toBeVisible();
    await expect(signInDialog.getByRole('link', { name: 'Send by text message' })).toHaveAttribute('href', /^sms:\?&body=Ana%2C/);
    await signInDialog.getByRole('button', { name: 'Done' }).click();

    const newPhone = await freshPhone(browser);
    // A link preview fetches the page only: the link still works after it.
    expect((await newPhone.request.get(signInUrl)).status()).toBe(200);
    await newPhone.goto(signInUrl);
    await expect(newPhone.getByRole('heading', { level: 1, name: 'Sign in on this phone' })).toBeVisible();
    await newPhone.getByRole('button', { name: 'Sign in' }).click();
    await expect(newPhone).toHaveURL(/\/$/);
    await expectToast(newPhone, 'Signed in as Ana');
    expect(((await (await newPhone.request.get('/api/user')).json()) as { name: string }).name).toBe('Ana');
    // Once only.
    const again = await freshPhone(browser);
    await again.goto(signInUrl);
    await again.getByRole('button', { name: 'Sign in' }).click();
    await expect(again.getByRole('heading', { level: 1, name: 'This sign-in link can no longer be used' })).toBeVisible();

    // Deactivating asks first, then shows the badge.
    await ana.getByRole('button', { name: 'Deactivate Ana' }).click();
    await page.getByRole('dialog', { name: 'Deactivate Ana?' }).getByRole('button', { name: 'Deactivate' }).click();
    await expect(ana.getByText('Deactivated', { exact: true })).toBeVisible();
    await expect(ana.getByRole('button', { name: 'Reactivate Ana' })).toBeVisible();
    await expect(ana.getByRole('button', { name: 'Send sign-in link to Ana' })).toHaveCount(0);

    // Someone signed in who opens an invite is offered to sign out first.
    const thirdUrl = await inviteFromTeamPage(page, 'Marta');
    await page.goto(thirdUrl);
    await expect(page.getByRole('heading', { level: 2, name: /You're signed in as/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Join Sparkle Cleaning Co' })).toBeDisabled();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Join Sparkle Cleaning Co' })).toBeEnabled();
  });
});

test('screenshots of /team with a member and an invite, the share panel, /join and a used invite at desktop size', async ({ browser }) => {
  const page = await (await browser.newContext(DESKTOP)).newPage();
  await registerThroughUi(page, { businessName: 'Sparkle Cleaning Co' });
  await page.goto('/team');
  await page.getByLabel('Role', { exact: true }).selectOption('manager');
  const managerUrl = await inviteFromTeamPage(page, 'Marta');
  const joiner = await freshPhone(browser, DESKTOP.viewport);
  await joiner.goto(managerUrl);
  await expect(joiner.getByRole('heading', { level: 1, name: "You're invited to join Sparkle Cleaning Co as a manager" })).toBeVisible();
  await joiner.screenshot({ path: `${SHOTS}/join-desktop.png` });
  await joiner.getByRole('button', { name: 'Join Sparkle Cleaning Co' }).click();
  await expect(joiner).toHaveURL(/\/$/);
  await joiner.goto(managerUrl);
  await expect(joiner.getByRole('heading', { level: 1, name: 'This invite is no longer valid' })).toBeVisible();
  await joiner.screenshot({ path: `${SHOTS}/invite-used-desktop.png` });

  await page.getByLabel('Their name (optional)').fill('Ana');
  await page.getByRole('button', { name: 'Create invite' }).click();
  await expect(page.getByRole('dialog', { name: 'Invite ready' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/invite-share-desktop.png` });
  await page.getByRole('button', { name: 'Done' }).click();
  await page.reload();
  await expect(page.getByTestId('team-member')).toHaveCount(2);
  await expect(page.getByTestId('pending-invite')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/team-desktop.png`, fullPage: true });
});

const SIZES = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

for (const locale of LOCALES) {
  for (const [sizeName, device] of SIZES) {
    test(`axe finds no WCAG 2.2 AA violation on /team, its dialogs and /join (${locale}, ${sizeName})`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ ...device, locale: locale === 'es' ? 'es-ES' : 'en-US' });
      const page = await context.newPage();
      await useDeviceLocale(page, locale);
      const where = (screen: string) => `${screen} (${locale}, ${sizeName})`;
      await registerThroughApi(page, baseURL!, 'Sparkle Cleaning Co', locale);
      const headers = { origin: baseURL! };
      const invite = async (name: string) =>
        ((await (await page.request.post('/api/team/invites', { headers, data: { role: 'cleaner', name } })).json()) as { url: string }).url;
      const joinUrl = await invite('Ana');
      const joined = await freshPhone(browser);
      expect((await joined.request.post(new URL(joinUrl).pathname.replace('/join/', '/api/join/'), { headers, data: { name: 'Ana' } })).status()).toBe(201);
      await invite('Leo');

      await page.goto('/team');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByTestId('team-member')).toHaveCount(2);
      await expect(page.getByTestId('pending-invite')).toHaveCount(1);
      await closeToasts(page);
      await expectNoAxeViolations(page, where('team'));

      // The share dialog of the pending invite, and the deactivate question.
      await page.getByTestId('pending-invite').getByRole('button').first().click();
      await expect(page.getByTestId('share-link-panel')).toBeVisible();
      await expectNoAxeViolations(page, where('invite share dialog'));
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('share-link-panel')).toBeHidden();

      // /join in a fresh context in the same language, and the page of a link no longer valid.
      const visitor = await (await browser.newContext({ ...device, locale: locale === 'es' ? 'es-ES' : 'en-US' })).newPage();
      await useDeviceLocale(visitor, locale);
      await actAsNewVisitor(visitor);
      const pendingUrl = ((await (await page.request.get('/api/team')).json()) as { invites: { url: string }[] }).invites[0]!.url;
      await visitor.goto(pendingUrl);
      await expect(visitor.locator('#join-name')).toBeVisible();
      await expect(visitor.locator('html')).toHaveAttribute('lang', locale);
      await visitor.locator('input[type="checkbox"]').check();
      await expect(visitor.locator('#join-email')).toBeVisible();
      await expectNoAxeViolations(visitor, where('join'));
      await visitor.goto(joinUrl);
      await expect(visitor.getByTestId('link-problem')).toBeVisible();
      await expectNoAxeViolations(visitor, where('used invite'));
      await visitor.goto(pendingUrl.replace('/join/', '/sign-in/'));
      await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(visitor, where('sign-in link'));
      await context.close();
    });
  }
}
