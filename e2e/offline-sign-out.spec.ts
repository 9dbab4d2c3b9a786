// Leaving a shared phone. Sign Out made with no signal: kept on the phone and sent when the signal
// comes back; until then the app shows nobody signed in and sends nothing with the old session, so
// the next person to open it online is not the previous user. And the thumbnails the service worker
// kept belong to one user: they go when the server reports nobody (a session that ended without
// Sign Out) or someone else.
import { expect, test, type Page } from '@playwright/test';
import { PHONE, controlledByServiceWorker, uniqueEmail } from './support';
import { seedReport } from './reports-support';

test.use(PHONE);

const SHOTS = 'test-results/shared-phone';

async function register(page: Page, prefix: string): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(prefix);
  const password = 'correct horse';
  const registered = await page.request.post('/api/register', {
    data: { email, password, confirmPassword: password, businessName: 'Shared Phone Maids' },
  });
  expect(registered.status()).toBe(201);
  return { email, password };
}

test('a Sign Out made offline is kept: online again, the app shows nobody, asks nothing with the old session, and the session is ended on the server', async ({
  page,
  context,
}) => {
  await register(page, 'offline-sign-out');
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Already have an account? Sign In' })).toBeVisible();

  // The next person opens the app with a signal: the session cookie is still on the phone, yet
  // nobody is signed in, and the kept sign-out is the first thing the app sends.
  const sent: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) sent.push(`${request.method()} ${pathname}`);
  });
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/logout') sent.push('(sign-out answered)');
  });
  await context.setOffline(false);
  const signOutAnswered = page.waitForResponse((response) => response.url().endsWith('/api/logout') && response.request().method() === 'POST');
  await page.goto('/');
  await signOutAnswered;
  await expect(page.getByRole('link', { name: 'Already have an account? Sign In' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(0);
  // Until the server had the sign-out, the app asked it nothing else (no reports, no user lookup).
  expect(sent.slice(0, sent.indexOf('(sign-out answered)'))).toEqual(['POST /api/logout']);
  await expect.poll(async () => (await page.request.get('/api/user')).status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Already have an account? Sign In' })).toBeVisible();
});

test('the thumbnails this phone kept go when the server reports nobody signed in (a session ended without Sign Out), or another user', async ({
  page,
  context,
  baseURL,
}) => {
  const owner = await register(page, 'thumbnails-owner');
  const { projectId, photoIds } = await seedReport(page, baseURL!, 'Shared Phone Client', 1);
  const ownersThumbnail = `/api/photos/${photoIds[0]}/thumbnail`;
  const kept = () =>
    page.evaluate(async () => {
      if (!(await caches.has('cleanproof-thumbnails-v1'))) return [];
      return (await (await caches.open('cleanproof-thumbnails-v1')).keys()).map((request) => new URL(request.url).pathname);
    });
  /** Asks for the owner's thumbnail as the page would: through the service worker. */
  const askForOwnersThumbnail = () => page.evaluate(async (url) => (await fetch(url)).status, ownersThumbnail);
  const openReportAsOwner = async () => {
    await page.goto(`/?project=${projectId}`);
    await expect(page.getByRole('heading', { name: 'Report Details' })).toBeVisible();
    await expect.poll(kept).toContain(ownersThumbnail);
  };

  await page.goto('/');
  await controlledByServiceWorker(page);
  await openReportAsOwner();

  // The session ends without Sign Out (it expired, or was ended from another device): the next
  // person opens the app and the server says nobody is signed in.
  await context.clearCookies();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Already have an account? Sign In' })).toBeVisible();
  await expect.poll(kept).toEqual([]);
  expect(await askForOwnersThumbnail()).toBe(401);
  await page.screenshot({ path: `${SHOTS}/nobody-signed-in.png` });

  // The owner again, then someone else signs in on the same phone.
  expect((await page.request.post('/api/login', { data: owner })).status()).toBe(200);
  await openReportAsOwner();
  await register(page, 'thumbnails-next-user');
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
  await expect.poll(kept).toEqual([]);
  expect(await askForOwnersThumbnail()).toBe(404);
  await page.screenshot({ path: `${SHOTS}/next-user-signed-in.png` });
});
