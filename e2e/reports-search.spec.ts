// The reports list at a year's size: a search box, 30 reports at a time as the user scrolls, and
// only the cards near the screen in the page.
import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, registerThroughUi } from './support';

// Outside Playwright's outputDir, which every run empties.
const SHOTS = 'test-results/reports-search-screens';
const REPORTS = 200;

test.describe.configure({ timeout: 240_000 });
test.use(PHONE);

/** Makes `count` reports through the API as the signed-in page's user; the one at `special` is for Zoë. */
async function seedReports(page: Page, baseURL: string, count: number, special: number): Promise<void> {
  const headers = { origin: baseURL };
  for (let start = 0; start < count; start += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, count - start) }, async (_, offset) => {
        const i = start + offset;
        const clientName = i === special ? 'Zoë Harbourside Lofts' : `Client ${String(i).padStart(3, '0')}`;
        const response = await page.request.post('/api/projects', { headers, data: { clientName, description: `Weekly clean number ${i}` } });
        expect(response.status()).toBe(201);
      }),
    );
  }
}

const cards = (page: Page) => page.getByTestId('project-card');

test('search finds one report among hundreds, and scrolling loads more while few cards are in the page', async ({ page, baseURL }) => {
  await registerThroughUi(page);
  await seedReports(page, baseURL ?? '', REPORTS, 37);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Reports' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  // Only the cards near the screen are in the page, not all 200.
  expect(await cards(page).count()).toBeLessThan(40);
  await page.screenshot({ path: `${SHOTS}/home-phone.png` });

  // Accents and case do not matter; a few letters of a word are enough.
  await page.getByLabel('Search reports').fill('zoe harb');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Zoë Harbourside Lofts');
  await page.screenshot({ path: `${SHOTS}/search-phone.png` });

  await page.getByLabel('Search reports').fill('nothing like this');
  await expect(page.getByRole('status').filter({ hasText: 'No reports match' })).toBeVisible();

  // Scrolling down loads the older reports, 30 at a time, down to the very first one.
  await page.getByLabel('Search reports').fill('');
  // The newest first: the seed makes ten at a time, so which of the last ten is newest is the server's to say.
  const [newest] = (await (await page.request.get('/api/projects?limit=1')).json()) as { clientName: string }[];
  await expect(cards(page).first()).toContainText(newest!.clientName);
  const oldest = cards(page).filter({ hasText: 'Client 000' });
  for (let i = 0; i < 60 && (await oldest.count()) === 0; i += 1) {
    await page.mouse.wheel(0, 3000);
    await page.waitForTimeout(150);
  }
  await expect(oldest).toBeVisible();
  expect(await cards(page).count()).toBeLessThan(40);
  await page.screenshot({ path: `${SHOTS}/scrolled-phone.png` });
});

test('offline, a search looks through the reports kept on the device and says so', async ({ page, context, baseURL }) => {
  await registerThroughUi(page);
  await seedReports(page, baseURL ?? '', 12, 4);
  await page.reload();
  await expect(cards(page).filter({ hasText: 'Client 011' })).toBeVisible();
  await context.setOffline(true);
  await page.getByLabel('Search reports').fill('zoe');
  await expect(page.getByRole('status').filter({ hasText: 'Offline: searched only the 12 reports kept on this device.' })).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await context.setOffline(false);
});

test.describe('on a desktop', () => {
  test.use(DESKTOP);
  test('the list and its search box at 1280x800', async ({ page, baseURL }) => {
    await registerThroughUi(page);
    await seedReports(page, baseURL ?? '', 40, 3);
    await page.reload();
    await expect(cards(page).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/home-desktop.png` });
    await page.goto('/projects');
    // The first 30 with a '+' for more; all 40 once a wide screen has already asked for the next page.
    await expect(page.getByTestId('project-count')).toHaveText(/^(30 reports\+|40 reports)$/);
    await page.getByLabel('Search reports').fill('ZOË');
    await expect(cards(page)).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/projects-search-desktop.png` });
  });
});
