// The crew end to end (issue 24), in two browser contexts at 390x844: the owner invites from /team;
// the cleaner opens the link on their own phone, joins with a name only and takes two photos with
// the fake camera; the owner sees the report and the photos attributed to the cleaner, and the PDF
// names them; the owner deactivates the cleaner, whose next action sends them to sign in.
import { expect, test, type Page } from '@playwright/test';
import { PHONE, actAsNewVisitor, registerThroughUi } from './support';
import { extractPageTexts } from '../src/server/test-support/pdf-inspection';

test.describe.configure({ timeout: 240_000 });
/** Screenshots of the crew's screens, to look at (not compared). */
const SHOTS = 'test-results/crew-screens';
test.use(PHONE);

/** Creates a cleaner invite from /team and returns its link, read from the share dialog. */
async function inviteCleaner(page: Page, name: string): Promise<string> {
  await page.goto('/team');
  await page.getByLabel('Their name (optional)').fill(name);
  await page.getByRole('button', { name: 'Create invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite ready' });
  const url = await dialog.getByTestId('shared-link-url').innerText();
  await dialog.getByRole('button', { name: 'Done' }).click();
  return url;
}

test('a cleaner joins from the link, the owner sees their photos and PDF attributed, and deactivating them signs them out', async ({ page, browser }) => {
  await registerThroughUi(page, { businessName: 'Brillo Cleaning' });
  // The owner's menu leads to the team; a business of one shows no names on its own photos.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Team' }).click();
  await expect(page).toHaveURL(/\/team$/);
  const inviteUrl = await inviteCleaner(page, 'Ana López');

  // The cleaner's own phone: a fresh context, joined with a name only.
  const cleanerContext = await browser.newContext({ ...PHONE });
  const cleaner = await cleanerContext.newPage();
  await actAsNewVisitor(cleaner);
  await cleaner.goto(inviteUrl);
  await expect(cleaner.getByLabel('Your name')).toHaveValue('Ana López');
  await cleaner.getByRole('button', { name: 'Join' }).click();
  await expect(cleaner).toHaveURL(/\/$/);
  // On a phone the header shows the member's initials, with the name read out and as its tooltip.
  const member = cleaner.getByTestId('header-member');
  await expect(member).toHaveAttribute('title', 'Ana López');
  await expect(member.locator('[aria-hidden="true"]')).toHaveText('AL');
  await expect(member).toContainText('Ana López · Brillo Cleaning');

  // A cleaner's menu has no Team, Business Settings or Subscription.
  await cleaner.getByRole('button', { name: 'Menu' }).click();
  await expect(cleaner.getByRole('menuitem', { name: 'Clients' })).toBeVisible();
  for (const hidden of ['Team', 'Business Settings', 'Subscription']) await expect(cleaner.getByRole('menuitem', { name: hidden })).toHaveCount(0);
  await cleaner.keyboard.press('Escape');

  // Two photos with the fake camera: a before, then an after paired with it at the shutter.
  await cleaner.getByRole('button', { name: 'Create First Report' }).click();
  await expect(cleaner).toHaveURL(/\/\?project=\d+$/);
  const projectId = Number(new URL(cleaner.url()).searchParams.get('project'));
  await expect(cleaner.getByTestId('field-camera')).toBeVisible();
  await expect(cleaner.getByTestId('camera-preview')).toHaveJSProperty('paused', false);
  await cleaner.getByRole('button', { name: 'Take BEFORE photo' }).click();
  await expect(cleaner.getByTestId('unpaired-photo')).toHaveCount(1);
  await cleaner.getByRole('radio', { name: 'After' }).click();
  await cleaner.getByRole('button', { name: 'Take AFTER photo' }).click();
  await expect(cleaner.getByTestId('photo-pair')).toHaveCount(1);
  await expect
    .poll(async () => ((await (await cleaner.request.get(`/api/projects/${projectId}?images=url`)).json()) as { photoPairs: unknown[] }).photoPairs.length)
    .toBe(1);
  // The cleaner's own report names its takers for them too (a crew member always sees names).
  await cleaner.getByRole('button', { name: 'Stop Camera' }).click();
  await expect(cleaner.getByTestId('photo-pair').getByRole('img', { name: 'Taken by Ana López' })).toHaveCount(2);
  await cleaner.screenshot({ path: `${SHOTS}/cleaner-report-phone.png`, fullPage: true });
  await cleaner.getByLabel('Client name').fill('Casa Ruiz');
  await cleaner.getByLabel('Client name').press('Tab'); // leaving the field saves it
  await expect
    .poll(async () => ((await (await cleaner.request.get(`/api/projects/${projectId}?images=url`)).json()) as { clientName: string }).clientName)
    .toBe('Casa Ruiz');

  // The owner sees the cleaner's report in the list, made by them, and each photo's taker.
  await page.goto('/');
  const card = page.getByTestId('project-card').filter({ hasText: 'Casa Ruiz' });
  await expect(card.getByTestId('card-crew')).toHaveText('By Ana López');
  await page.screenshot({ path: `${SHOTS}/owner-list-phone.png` });
  await card.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`\\?project=${projectId}$`));
  const takers = page.getByTestId('photo-pair').getByTestId('taken-by');
  await expect(takers).toHaveCount(2);
  await expect(takers.first()).toHaveText('AL');
  await expect(takers.first()).toHaveAttribute('aria-label', 'Taken by Ana López');

  // The owner assigns the report to the cleaner from the editor; the list says whom it is for.
  await page.getByTestId('assignee-select').selectOption({ label: 'Ana López' });
  await expect(page.getByText('Assigned to Ana López').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/owner-report-phone.png`, fullPage: true });

  // The PDF's line under the pair names who took each photo.
  const pdf = await page.request.get(`/api/projects/${projectId}/report.pdf`);
  expect(pdf.status()).toBe(200);
  const text = (await extractPageTexts(new Uint8Array(await pdf.body()))).join(' ').replace(/\s+/g, ' ');
  expect(text).toMatch(/Before \S+ · Ana López · After \S+ · Ana López/);

  // Deactivated: the cleaner's very next action is refused and they are sent to sign in.
  await page.goto('/team');
  const ana = page.getByTestId('team-member').filter({ hasText: 'Ana López' });
  await ana.getByRole('button', { name: 'Deactivate Ana López' }).click();
  await page.getByRole('dialog', { name: 'Deactivate Ana López?' }).getByRole('button', { name: 'Deactivate' }).click();
  await expect(ana.getByText('Deactivated', { exact: true })).toBeVisible();

  await cleaner.getByLabel('Description').fill('Kitchen and bath');
  await cleaner.getByLabel('Description').press('Tab');
  await expect(cleaner).toHaveURL(/\/auth/, { timeout: 15_000 });
  // A member who joined with a name only is told how to get back in.
  await expect(cleaner.getByText('Joined a team with your name only? Ask your owner or manager for a sign-in link.')).toBeVisible();
  expect((await cleaner.request.get('/api/user')).status()).toBe(401);
  await cleanerContext.close();
});
