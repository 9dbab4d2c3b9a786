// The job templates' and areas' screens in English and Spanish, on a phone and a desktop: axe finds
// no WCAG 2.2 AA violation on the template editor, the template picker, the Areas card with what
// is missing, the skip form, the camera with its area bar, the finished job, and a blank report finished elsewhere; each is
// photographed (test-results/job-areas-screens) to be looked at.
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE } from './support';
import { LOCALES, closeToasts, expectNoAxeViolations, registerThroughApi, useDeviceLocale, type Locale } from './a11y-support';

const SHOTS = 'test-results/job-areas-screens';
/** The app's own words, from its catalogues: the screens beyond the first. */
const catalogue = (locale: Locale) => JSON.parse(fs.readFileSync(`src/web/lib/i18n/catalogues/${locale}.screens.json`, 'utf8')) as Record<string, string>;
const WORDS = { en: catalogue('en'), es: catalogue('es') };
const DEEP_CLEAN = { en: 'Deep clean', es: 'Limpieza profunda' } as const;

test.describe.configure({ timeout: 180_000 });

const word = (locale: Locale, id: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replace(`{${name}}`, value), WORDS[locale][id] ?? id);

interface Report {
  id: number;
  areas: Array<{ id: number; name: string }>;
}

async function deepCleanReport(page: Page, baseURL: string): Promise<Report> {
  const created = await page.request.post('/api/projects', { headers: { origin: baseURL }, data: { templateId: 'deep-clean', bedrooms: 2, bathrooms: 1 } });
  expect(created.status()).toBe(201);
  return (await created.json()) as Report;
}

for (const locale of LOCALES) {
  for (const [sizeName, device] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test.describe(`job templates and areas in ${locale} on a ${sizeName}`, () => {
      test.use({ ...device, locale: locale === 'es' ? 'es-ES' : 'en-US' });

      test('axe finds no violation on the template editor, the picker, the areas with what is missing, the skip form, the area camera, the finished job and a finished blank report', async ({
        page,
        baseURL,
      }) => {
        const where = (screen: string) => `${screen} (${locale}, ${sizeName})`;
        const shot = (name: string, fullPage = false) => page.screenshot({ path: `${SHOTS}/${name}-${locale}-${sizeName}.png`, fullPage });
        await useDeviceLocale(page, locale);
        await registerThroughApi(page, baseURL!, 'Sparkle Cleaning Co', locale);

        // The template editor: a copy of Deep clean, every area's counts and repeat on one row.
        await page.goto('/templates');
        await page.getByRole('button', { name: word(locale, 'templates.copy', { name: DEEP_CLEAN[locale] }) }).click();
        const editor = page.getByTestId('template-editor');
        await expect(editor).toBeVisible();
        await closeToasts(page);
        const firstArea = editor.getByTestId('template-area').first();
        // Compact: the counts and the repeat choice side by side (one row), at phone width too.
        const [before, repeat] = [firstArea.getByLabel(word(locale, 'templates.minBefore')), firstArea.getByLabel(word(locale, 'templates.repeat'))];
        expect(Math.abs((await before.boundingBox())!.y - (await repeat.boundingBox())!.y)).toBeLessThan(2);
        if (sizeName === 'phone') expect((await firstArea.boundingBox())!.height).toBeLessThan(200);
        await expectNoAxeViolations(page, where('template editor'));
        await firstArea.scrollIntoViewIfNeeded();
        await shot('template-editor');

        // The template picker, with the room counts of Deep clean.
        await page.goto('/projects');
        await page.getByRole('button', { name: word(locale, 'newReport.fromTemplate') }).click();
        await page.getByRole('radio', { name: new RegExp(`^${DEEP_CLEAN[locale]} ·`) }).check();
        await expect(page.getByLabel(word(locale, 'newReport.bedrooms'))).toBeVisible();
        await expectNoAxeViolations(page, where('template picker'));
        await shot('template-picker');

        // The Areas card of a Deep clean, with what is missing once Finish is tapped.
        const report = await deepCleanReport(page, baseURL!);
        await page.goto(`/?project=${report.id}`);
        await page.getByRole('button', { name: word(locale, 'finish.button') }).click();
        const missing = page.getByTestId('finish-missing');
        await expect(missing.getByRole('listitem')).toHaveCount(report.areas.length);
        await expectNoAxeViolations(page, where('areas with what is missing'));
        await missing.scrollIntoViewIfNeeded();
        await shot('areas-missing');

        // The skip form of the first area.
        const row = page.locator(`#area-row-${report.areas[0]!.id}`);
        await row.getByRole('button', { name: word(locale, 'areas.skip'), exact: true }).click();
        await expect(row.getByRole('group')).toBeVisible();
        await expectNoAxeViolations(page, where('skip form'));
        await row.scrollIntoViewIfNeeded();
        await shot('skip-form');
        await row.getByRole('button', { name: word(locale, 'areas.cancel') }).click();

        // Capture into an area: on a phone the camera opens in it with the area bar; elsewhere the bar sits above the card.
        await page.locator(`#area-row-${report.areas[3]!.id}`).getByRole('button').first().click();
        const stepper = sizeName === 'phone' ? page.getByTestId('field-camera').getByTestId('area-stepper') : page.getByTestId('area-stepper');
        await expect(stepper).toContainText(report.areas[3]!.name);
        await expectNoAxeViolations(page, where('capture into an area'));
        if (sizeName === 'desktop') await stepper.scrollIntoViewIfNeeded();
        await shot('area-capture');
        if (sizeName === 'phone')
          await page
            .getByTestId('field-camera')
            .getByRole('button', { name: word(locale, 'camera.stop') })
            .click();
        await closeToasts(page);

        // Every area skipped but through the API, then finished here.
        for (const area of report.areas) {
          const skipped = await page.request.post(`/api/projects/${report.id}/areas/${area.id}/skip`, {
            headers: { origin: baseURL! },
            data: { reason: 'not_in_scope' },
          });
          expect(skipped.status()).toBe(200);
        }
        await page.reload();
        // Once the report is read again (the copy kept on the device shows first).
        const skippedText = word(locale, 'areas.skippedBecause', { reason: word(locale, 'areas.reason.not_in_scope') });
        await expect(page.locator(`#area-row-${report.areas.at(-1)!.id}`)).toContainText(skippedText);
        await page.getByRole('button', { name: word(locale, 'finish.button') }).click();
        await expect(page.getByTestId('job-finished')).toBeVisible();
        await closeToasts(page);
        await expectNoAxeViolations(page, where('finished job'));
        await page.getByRole('heading', { name: word(locale, 'areas.title') }).scrollIntoViewIfNeeded();
        await shot('finished');

        // A blank report (no areas) finished elsewhere: its note and Reopen job in place of Add Photos.
        const blank = await page.request.post('/api/projects', { headers: { origin: baseURL! }, data: { clientName: 'Ana Ruiz' } });
        expect(blank.status()).toBe(201);
        const { id: blankId } = (await blank.json()) as { id: number };
        expect((await page.request.post(`/api/projects/${blankId}/finish`, { headers: { origin: baseURL! } })).status()).toBe(200);
        await page.goto(`/?project=${blankId}`);
        await expect(page.getByTestId('job-finished')).toHaveText(word(locale, 'finish.isFinished'));
        await expect(page.getByRole('button', { name: word(locale, 'finish.reopen') })).toBeVisible();
        // No photos, and none can be taken until it is reopened: the empty text says so.
        await expect(page.getByTestId('no-photos')).toHaveText(word(locale, 'pairs.noPhotosFinished'));
        await closeToasts(page);
        await expectNoAxeViolations(page, where('finished blank report'));
        await page.getByTestId('job-finished').scrollIntoViewIfNeeded();
        await shot('finished-blank');
      });
    });
  }
}
