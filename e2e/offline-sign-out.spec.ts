// Sign Out made with no signal: kept on the phone and sent when the signal comes back. Until
// then the app shows nobody signed in, and the next person to open it online is not the previous user.
import { expect, test } from '@playwright/test';
import { PHONE, uniqueEmail } from './support';

test.use(PHONE);

test('a Sign Out made offline is kept: online again, the app shows nobody and the old session is ended on the server', async ({ page, context }) => {
  const email = uniqueEmail('offline-sign-out');
  const registered = await page.request.post('/api/register', {
    data: { email, password: 'correct horse', confirmPassword: 'correct horse', businessName: 'Shared Phone Maids' },
  });
  expect(registered.status()).toBe(201);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Already have an account? Sign In' })).toBeVisible();

  // The next person opens the app with a signal: the session cookie is still on the phone, yet
  // nobody is signed in, and the kept sign-out reaches the server.
  await context.setOffline(false);
  const signOutSent = page.waitForRequest((request) => request.url().endsWith('/api/logout') && request.method() === 'POST');
  await page.goto('/');
  await signOutSent;
  await expect(page.getByRole('link', { name: 'Already have an account? Sign In' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(0);
  await expect.poll(async () => (await page.request.get('/api/user')).status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Already have an account? Sign In' })).toBeVisible();
});
