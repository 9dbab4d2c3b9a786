// WCAG 2.2 AA: axe-core finds no violation on any page or dialog, at phone and desktop
// size, in English and in Spanish. One browser context per size and language walks every screen
// in turn (one signed-up user, one report made through the API) to keep the run short.
import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, E2E_ADMIN_PASSWORD, PHONE, actAsNewVisitor } from './support';
import { makeJpeg, seedReport } from './reports-support';
import { LOCALES, closeToasts, expectNoAxeViolations, registerThroughApi, useDeviceLocale } from './a11y-support';

const SIZES = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

// Every screen of the app in one journey, on a shared 2-core machine.
test.describe.configure({ timeout: 240_000 });

/**
 * The phone's share sheet as a browser that wants a fresh tap after the PDF is built: the export
 * then shows 'Your PDF is ready', the one dialog only that path opens.
 */
async function shareSheetNeedingATap(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'canShare', { configurable: true, value: () => true });
    Object.defineProperty(navigator, 'share', { configurable: true, value: () => Promise.reject(new DOMException('no gesture', 'NotAllowedError')) });
  });
}

/** Adds one unpaired photo of `type` to the report, through the API. */
async function addUnpairedPhoto(page: Page, baseURL: string, projectId: number, type: 'before' | 'after'): Promise<void> {
  const bytes = await makeJpeg({ width: 640, height: 480, hue: type === 'before' ? '#b45309' : '#0f766e' });
  const upload = await page.request.post(`/api/projects/${projectId}/photos?type=${type}`, {
    headers: { origin: baseURL, 'content-type': 'image/jpeg' },
    data: bytes,
  });
  expect(upload.status()).toBe(201);
}

async function createShareLink(page: Page, baseURL: string, projectId: number): Promise<{ id: number; url: string }> {
  const created = await page.request.post(`/api/projects/${projectId}/share-links`, { headers: { origin: baseURL }, data: { expiresInDays: 7 } });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: number; url: string };
}

for (const locale of LOCALES) {
  for (const [sizeName, device] of SIZES) {
    test.describe(`accessibility in ${locale} on ${sizeName}`, () => {
      test.use({ ...device, locale: locale === 'es' ? 'es-ES' : 'en-US' });

      test('axe finds no WCAG 2.2 AA violation on any page or dialog', async ({ page, baseURL, browser }) => {
        await useDeviceLocale(page, locale);
        const where = (screen: string) => `${screen} (${locale}, ${sizeName})`;

        // Signed out. The page is in the language chosen (`<html lang>`, which screen readers and
        // axe's language rules read), not English with a Spanish label.
        await page.goto('/');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expectNoAxeViolations(page, where('landing'));

        await page.goto('/accessibility');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(locale === 'es' ? 'Declaración de accesibilidad' : 'Accessibility statement');
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page).toHaveTitle(locale === 'es' ? 'Declaración de accesibilidad — CleanProof' : 'Accessibility statement — CleanProof');
        await expectNoAxeViolations(page, where('accessibility statement'));

        await page.goto('/auth');
        await expect(page.locator('form')).toBeVisible();
        await expectNoAxeViolations(page, where('sign in'));
        await page.locator('form button[type="button"]').last().click(); // 'Forgot your password?'
        await expect(page.locator('#forgot-email')).toBeVisible();
        await expectNoAxeViolations(page, where('forgot password'));

        await page.goto('/auth?mode=register');
        await expect(page.locator('form')).toBeVisible();
        await expectNoAxeViolations(page, where('register'));

        await page.goto('/reset-password?token=not-a-real-token');
        await expect(page.locator('form')).toBeVisible();
        await expectNoAxeViolations(page, where('reset password'));

        await page.goto('/no-such-page');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expectNoAxeViolations(page, where('404'));

        await page.goto('/admin');
        await expect(page.locator('#admin-password')).toBeVisible();
        await expectNoAxeViolations(page, where('admin login'));
        await page.locator('#admin-password').fill(E2E_ADMIN_PASSWORD);
        await page.locator('#admin-password').press('Enter');
        await expect(page.locator('[data-testid="signups-chart"], svg[role="img"]').first()).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(locale === 'es' ? 'Panel de administración' : 'Admin Dashboard');
        await closeToasts(page);
        await expectNoAxeViolations(page, where('admin dashboard'));

        // Signed in: a fresh account, the empty home, the menu and its dialogs.
        await registerThroughApi(page, baseURL!, 'Sparkle Cleaning Co', locale);
        await page.goto('/');
        await expect(page.locator('button[aria-haspopup="menu"]')).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expectNoAxeViolations(page, where('home, no reports'));
        const menu = page.locator('button[aria-haspopup="menu"]');
        await menu.click();
        await expect(page.getByRole('menu')).toBeVisible();
        await expectNoAxeViolations(page, where('header menu'));
        await page.getByRole('menuitem').nth(1).click(); // Clients
        await expect(page).toHaveURL(/\/clients$/);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page, where('clients'));
        await page.goBack();
        await expect(page).toHaveURL(/\/$/);
        await menu.click();
        await page.getByRole('menuitem').nth(2).click(); // Business Settings
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectNoAxeViolations(page, where('business settings dialog'));
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();
        await menu.click();
        await page.getByRole('menuitem').nth(3).click(); // Subscription
        await expect(page.getByRole('dialog')).toBeVisible();
        await expect(page.getByRole('dialog').locator('[role="status"]')).toHaveCount(0);
        await expectNoAxeViolations(page, where('subscription dialog'));
        await page.keyboard.press('Escape');

        // A report with two pairs and two unpaired photos, and a live client link to it.
        const { projectId } = await seedReport(page, baseURL!, 'Smith Residence', 2);
        await addUnpairedPhoto(page, baseURL!, projectId, 'before');
        await addUnpairedPhoto(page, baseURL!, projectId, 'after');
        const live = await createShareLink(page, baseURL!, projectId);
        const revoked = await createShareLink(page, baseURL!, projectId);
        expect((await page.request.delete(`/api/share-links/${revoked.id}`, { headers: { origin: baseURL! } })).ok()).toBe(true);

        // A client with contact details, linked to the report: the clients list searched, the client's
        // page (tap-to-call, tap-to-mail, their reports) and its edit form showing an error.
        const clientWords =
          locale === 'es'
            ? { search: 'Buscar clientes', edit: 'Editar', form: 'Cambiar los datos del cliente', phone: 'Teléfono', save: 'Guardar' }
            : { search: 'Search clients', edit: 'Edit', form: "Change the client's details", phone: 'Phone', save: 'Save' };
        const clientCreated = await page.request.post('/api/clients', {
          headers: { origin: baseURL! },
          data: { name: 'Smith Residence', phone: '+1 555 0100', email: 'smith@example.com', address: '12 Harbour Road', notes: 'Key under the mat' },
        });
        expect(clientCreated.status()).toBe(201);
        const clientId = ((await clientCreated.json()) as { id: number }).id;
        const linked = await page.request.patch(`/api/projects/${projectId}`, { headers: { origin: baseURL! }, data: { clientId } });
        expect(linked.ok()).toBe(true);
        await page.goto('/clients');
        await page.getByLabel(clientWords.search).fill('smi');
        await expect(page.getByTestId('client-card')).toHaveCount(1);
        await expectNoAxeViolations(page, where('clients, searched'));
        await page.goto(`/clients/${clientId}`);
        await expect(page.getByRole('heading', { level: 1, name: 'Smith Residence' })).toBeVisible();
        await expect(page.getByTestId('project-card')).toHaveCount(1);
        await expectNoAxeViolations(page, where('client page'));
        await page.getByRole('button', { name: clientWords.edit, exact: true }).click();
        const clientForm = page.locator('form', { has: page.getByRole('heading', { name: clientWords.form }) });
        await clientForm.getByLabel(clientWords.phone).fill('call me');
        await clientForm.getByRole('button', { name: clientWords.save }).click();
        await expect(clientForm.getByRole('alert')).toBeVisible();
        await expectNoAxeViolations(page, where('client page, editing, with an error'));

        await page.goto('/');
        await expect(page.getByTestId('project-card')).toHaveCount(1);
        await expectNoAxeViolations(page, where('home, reports list'));

        await page.goto('/projects');
        await expect(page.getByTestId('project-card')).toHaveCount(1);
        await expectNoAxeViolations(page, where('reports page'));
        await page.getByTestId('project-card').getByRole('button').click(); // Delete …
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectNoAxeViolations(page, where('delete report dialog'));
        await page.keyboard.press('Escape');

        // The client flags the first pair through the link, so the report shows the client's answers.
        const report = (await (await page.request.get(`/api/projects/${projectId}?images=url`)).json()) as { photoPairs: { id: number }[] };
        const flagged = await page.request.post(`/api/shared/${new URL(live.url).pathname.split('/').pop()}/issues`, {
          data: { pairId: report.photoPairs[0]!.id, x: 0.4, y: 0.6, note: 'Streaks on the glass' },
        });
        expect(flagged.status()).toBe(201);

        // The open report: photos, pairs, the client's answers, a selected photo, each of its dialogs.
        if (sizeName === 'phone') await shareSheetNeedingATap(page);
        await page.goto(`/?project=${projectId}`);
        await expect(page.getByTestId('photo-pair')).toHaveCount(2);
        await expect(page.getByTestId('unpaired-photo')).toHaveCount(2);
        await expect
          .poll(() =>
            page
              .locator('[data-testid="unpaired-photo"] img, [data-testid="photo-pair"] img')
              .evaluateAll((nodes) => nodes.every((node) => (node as HTMLImageElement).complete)),
          )
          .toBe(true);
        await expect(page.getByTestId('client-issue')).toHaveCount(1);
        await expectNoAxeViolations(page, where('report editor'));
        await page
          .locator('main button', { has: page.locator('svg.lucide-send') })
          .first()
          .click(); // Send
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectNoAxeViolations(page, where('send sheet'));
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();
        await page.getByTestId('unpaired-photo').first().locator('button[aria-pressed]').click();
        await expect(page.getByTestId('unpaired-photo').first().locator('button[aria-pressed="true"]')).toBeVisible();
        await expectNoAxeViolations(page, where('report editor, a photo selected'));
        await page.getByTestId('unpaired-photo').nth(1).locator('button[aria-pressed]').click();
        await expect(page.getByTestId('pair-bar')).toBeInViewport();
        await expectNoAxeViolations(page, where('report editor, the pinned Pair Selected bar'));
        await page.getByTestId('pair-bar').getByRole('button').last().click(); // Clear
        await expect(page.getByTestId('pair-bar')).toBeHidden();
        await page.getByTestId('photo-pair').first().locator('button').nth(1).click(); // view the BEFORE photo
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectNoAxeViolations(page, where('photo viewer dialog'));
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();

        await page
          .locator('main button', { has: page.locator('svg.lucide-link-2') })
          .first()
          .click(); // Share link
        await expect(page.getByRole('dialog')).toBeVisible();
        await expect(page.getByTestId('client-link')).toHaveCount(2);
        await expectNoAxeViolations(page, where('client link dialog'));
        await page
          .getByTestId('client-link')
          .filter({ has: page.getByRole('button') })
          .first()
          .getByRole('button')
          .last()
          .click(); // Revoke: asks again
        await expectNoAxeViolations(page, where('client link dialog, revoke asked'));
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();

        await page
          .locator('main button', { has: page.locator('svg.lucide-file-down') })
          .first()
          .click(); // Export to PDF
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectNoAxeViolations(page, where('export filename dialog'));
        if (sizeName === 'phone') {
          await page.getByRole('dialog').locator('button[type="submit"]').click();
          await expect(page.getByRole('dialog').locator('svg.lucide-share-2')).toBeVisible({ timeout: 30_000 });
          await expectNoAxeViolations(page, where('PDF ready dialog'));
        }
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();

        if (sizeName === 'phone') {
          // Camera mode (phones): the live preview and its controls, from Chromium's fake camera.
          await page.getByRole('tab').first().click();
          await page
            .locator('button', { has: page.locator('svg.lucide-camera') })
            .last()
            .click(); // Start Camera
          await expect(page.getByTestId('camera-preview')).toHaveJSProperty('paused', false);
          await closeToasts(page);
          await expectNoAxeViolations(page, where('camera mode: the full-screen camera'));
          // After: the strip of befores to pair with, and the ghost.
          await page.getByTestId('field-camera').getByRole('radio').nth(1).click();
          await expect(page.getByTestId('before-strip')).toBeVisible();
          await expectNoAxeViolations(page, where('full-screen camera, after, the befores strip'));
          await page.getByTestId('field-camera').getByRole('button').first().click(); // Stop Camera
          await expect(page.getByTestId('field-camera')).toBeHidden();
        } else {
          // Upload mode: a chosen file waiting to be saved.
          await page
            .getByTestId('photo-file-input')
            .setInputFiles({ name: 'kitchen.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg({ width: 320, height: 240, hue: '#0ea5e9' }) });
          await expect(page.locator('img[src^="blob:"]')).toBeVisible();
          await expectNoAxeViolations(page, where('upload, file chosen'));
        }

        await page.goto('/account');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page, where('account'));

        await page.goto('/subscribe');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page, where('subscribe'));
        await page.locator('main button').first().click(); // Subscribe for $4.99/month: the card form
        await expect(page.locator('form')).toBeVisible();
        await expectNoAxeViolations(page, where('subscribe, card form'));

        await page.goto('/test-subscription');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(locale === 'es' ? 'Prueba de suscripción' : 'Subscription Test');
        await expectNoAxeViolations(page, where('test subscription'));

        // The client's page: live (and its full photo), revoked, unknown. No account, another browser.
        const visitor = await (await browser.newContext({ ...device, locale: locale === 'es' ? 'es-ES' : 'en-US' })).newPage();
        await useDeviceLocale(visitor, locale);
        await actAsNewVisitor(visitor);
        await visitor.goto(live.url);
        await expect(visitor.getByRole('slider')).toHaveCount(2);
        await expectNoAxeViolations(visitor, where('client link page'));
        // The client's answers: the form to flag a pair, and the approval's confirm step.
        const answers =
          locale === 'es'
            ? { flag: '¿Algo no está bien? (pareja 2)', name: 'Tu nombre', approve: 'Aprobar' }
            : { flag: 'Something’s not right? (pair 2)', name: 'Your name', approve: 'Approve' };
        await visitor.getByRole('button', { name: answers.flag }).click();
        await expect(visitor.getByTestId('issue-pin-area')).toBeVisible();
        await expectNoAxeViolations(visitor, where('client link page, flagging a pair'));
        await visitor.getByLabel(answers.name).fill('Jane Smith');
        await visitor.getByRole('button', { name: answers.approve, exact: true }).click();
        await expect(visitor.getByText(/Jane Smith\?/)).toBeVisible();
        await expectNoAxeViolations(visitor, where('client link page, approval confirm step'));
        await visitor.locator('figcaption button').first().click();
        await expect(visitor.getByRole('dialog')).toBeVisible();
        await expectNoAxeViolations(visitor, where('client link page, full photo'));
        await visitor.keyboard.press('Escape');
        await visitor.goto(revoked.url);
        await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoAxeViolations(visitor, where('client link page, revoked'));
        await visitor.goto(`${baseURL}/r/${'x'.repeat(43)}`);
        await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoAxeViolations(visitor, where('client link page, unknown link'));
        await visitor.context().close();
      });
    });
  }
}
