// Delete the account (/account), on a phone, in English and Spanish: behind the typed email and the
// password; a wrong password is said under its field; once deleted the app is signed out, the
// device keeps nothing of the account (cached queries, waiting outbox entries, thumbnails), the
// server answers 401 and the client link 410. axe finds nothing in the dialog.
import { expect, test, type Page } from '@playwright/test';
import { PHONE, expectToast, registerThroughUi } from './support';
import { seedReport } from './reports-support';
import { expectNoAxeViolations, useDeviceLocale } from './a11y-support';

const SHOTS = 'test-results/account-deletion';

const WORDS = {
  en: {
    section: 'Delete account',
    button: 'Delete Account',
    dialog: 'Delete your account?',
    confirm: /To confirm, type your email address/,
    password: 'Your password',
    submit: 'Delete My Account',
    mismatch: 'Type your email address exactly as shown.',
    wrongPassword: 'That is not your current password.',
    done: 'Account deleted',
    signIn: 'Already have an account? Sign In',
  },
  es: {
    section: 'Eliminar la cuenta',
    button: 'Eliminar la cuenta',
    dialog: '¿Eliminar tu cuenta?',
    confirm: /Para confirmar, escribe tu correo electrónico/,
    password: 'Tu contraseña',
    submit: 'Eliminar mi cuenta',
    mismatch: 'Escribe tu correo electrónico tal como aparece.',
    wrongPassword: 'Esa no es tu contraseña actual.',
    done: 'Cuenta eliminada',
    signIn: '¿Ya tienes cuenta? Inicia sesión',
  },
} as const;

test.use(PHONE);
test.slow();

/** What the device holds of the account: the persisted query record, outbox entries of this user, the thumbnail cache. */
function deviceData(page: Page, userId: number) {
  return page.evaluate(async (id) => {
    const readAll = (dbName: string, store: string) =>
      new Promise<unknown[]>((resolve) => {
        const open = indexedDB.open(dbName);
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          try {
            const request = open.result.transaction(store).objectStore(store).getAll();
            request.onsuccess = () => resolve(request.result as unknown[]);
            request.onerror = () => resolve([]);
          } catch {
            resolve([]);
          } finally {
            open.result.close();
          }
        };
      });
    const queries = await readAll('cleanproof-offline', 'queries');
    const entries = (await readAll('cleanproof', 'pending-uploads')) as Array<{ userId: number }>;
    return {
      persistedQueries: queries.length,
      outboxEntries: entries.filter((entry) => entry.userId === id).length,
      thumbnailCache: await caches.has('cleanproof-thumbnails-v1'),
    };
  }, userId);
}

/** An edit kept in the outbox for this user, as the app keeps one made without a signal. */
function keepOutboxEdit(page: Page, userId: number, projectId: number) {
  return page.evaluate(
    ({ userId: id, projectId: project }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('cleanproof', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('pending-uploads', { keyPath: 'id' });
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('pending-uploads', 'readwrite');
          tx.objectStore('pending-uploads').put({
            id: crypto.randomUUID(),
            kind: 'edit',
            userId: id,
            projectId: project,
            field: 'description',
            value: 'typed on the train',
            createdAt: Date.now(),
            failedAttempts: 0,
          });
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { userId, projectId },
  );
}

for (const locale of ['en', 'es'] as const) {
  test(`deletes the account from /account behind the typed email and password, and the phone keeps nothing of it (${locale})`, async ({ page, baseURL }) => {
    const words = WORDS[locale];
    const { email, password } = await registerThroughUi(page);
    const { projectId } = await seedReport(page, baseURL!, 'Zoë Ångström', 1);
    const link = await page.request.post(`/api/projects/${projectId}/share-links`, { headers: { origin: baseURL! }, data: {} });
    expect(link.status()).toBe(201);
    const { token } = (await link.json()) as { token: string };
    const userId = ((await (await page.request.get('/api/user')).json()) as { id: number }).id;
    await useDeviceLocale(page, locale);
    expect((await page.request.patch('/api/user/preferences', { headers: { origin: baseURL! }, data: { locale } })).status()).toBe(200);

    // What a day's use leaves on the phone: the reports list kept for offline, an edit still waiting
    // (its sending is held off, as without a signal), thumbnails in the cache.
    await page.route(`**/api/projects/${projectId}`, (route) => (route.request().method() === 'GET' ? route.continue() : route.abort('internetdisconnected')));
    await page.goto('/');
    await expect(page.getByText('Zoë Ångström')).toBeVisible();
    await keepOutboxEdit(page, userId, projectId);
    await page.evaluate(async () => (await caches.open('cleanproof-thumbnails-v1')).put('/api/photos/1/thumbnail', new Response('thumb')));
    await expect.poll(() => deviceData(page, userId)).toEqual({ persistedQueries: 1, outboxEntries: 1, thumbnailCache: true });

    await page.goto('/account');
    await page.getByRole('heading', { name: words.section }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/section-${locale}.png`, fullPage: true });
    await page.getByRole('button', { name: words.button }).click();

    const dialog = page.getByRole('dialog', { name: words.dialog });
    await expect(dialog).toBeVisible();
    // Neither a wrong email nor a wrong password deletes anything; each is said under its field.
    await dialog.getByLabel(words.confirm).fill('someone-else@example.com');
    await dialog.getByLabel(words.password).fill(password);
    await dialog.getByRole('button', { name: words.submit }).click();
    await expect(dialog.getByText(words.mismatch)).toBeVisible();
    await expect(dialog.getByLabel(words.confirm)).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByLabel(words.confirm).fill(email.toUpperCase());
    await dialog.getByLabel(words.password).fill('not my password');
    await dialog.getByRole('button', { name: words.submit }).click();
    await expect(dialog.getByText(words.wrongPassword)).toBeVisible();
    await expectNoAxeViolations(page, `delete account dialog with a wrong password (${locale})`);
    await page.screenshot({ path: `${SHOTS}/dialog-wrong-password-${locale}.png` });
    expect((await page.request.get('/api/user')).status()).toBe(200);

    await dialog.getByLabel(words.password).fill(password);
    await dialog.getByRole('button', { name: words.submit }).click();
    await expectToast(page, words.done);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: words.signIn })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/signed-out-${locale}.png` });

    expect(await deviceData(page, userId)).toEqual({ persistedQueries: 0, outboxEntries: 0, thumbnailCache: false });
    expect((await page.request.get('/api/user')).status()).toBe(401);
    const shared = await page.request.get(`/api/shared/${token}`);
    expect(shared.status()).toBe(410);
    expect(((await shared.json()) as { state: string }).state).toBe('revoked');
    await page.reload();
    await expect(page.getByRole('link', { name: words.signIn })).toBeVisible();
  });
}
