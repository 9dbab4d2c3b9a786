// Export everything (/account): the ZIP downloads through a stream reader, the page says how much
// has arrived while it does, in English and Spanish, and axe finds nothing on the way.
import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { readZip } from '../src/server/test-support/zip-reading';
import { PHONE, expectToast, registerThroughUi } from './support';
import { seedReport } from './reports-support';
import { expectNoAxeViolations, useDeviceLocale } from './a11y-support';

const SHOTS = 'test-results/account-export';

const WORDS = {
  en: { button: 'Download Everything', progress: /Downloading… \d+\.\d MB received/, done: 'Export downloaded' },
  es: { button: 'Descargarlo todo', progress: /Descargando… \d+,\d MB recibidos/, done: 'Exportación descargada' },
} as const;

test.use(PHONE);
// Registration, a seeded report and two downloads: more than the default minute on a busy machine.
test.slow();

for (const locale of ['en', 'es'] as const) {
  test(`downloads the whole account as a ZIP from /account with its progress on screen (${locale})`, async ({ page, baseURL }) => {
    await registerThroughUi(page);
    const { photoIds } = await seedReport(page, baseURL!, 'Zoë Ångström', 1);
    await useDeviceLocale(page, locale);
    // The account's own language is what a signed-in page speaks.
    expect((await page.request.patch('/api/user/preferences', { headers: { origin: baseURL! }, data: { locale } })).status()).toBe(200);

    // The answer is held back once its first bytes are known, so the page shows the download in progress.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/account/export', async (route) => {
      const response = await route.fetch();
      const body = await response.body();
      await held;
      await route.fulfill({ response, body });
    });

    await page.goto('/account');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: WORDS[locale].button }).click();
    await expect(page.getByRole('status').filter({ hasText: WORDS[locale].progress })).toBeVisible();
    await expectNoAxeViolations(page, `account export in progress (${locale})`);
    await page.screenshot({ path: `${SHOTS}/downloading-${locale}.png`, fullPage: true });
    release();

    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^cleanproof-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = await readZip(await fs.readFile((await file.path())!));
    const before = [...entries.values()].find((entry) => entry.name.endsWith('/pair-01-before.jpg'))!;
    const stored = Buffer.from(await (await page.request.get(`/api/photos/${photoIds[0]}/image`)).body());
    expect(before.bytes.equals(stored)).toBe(true);
    await expectToast(page, WORDS[locale].done);
    await expect(page.getByRole('button', { name: WORDS[locale].button })).toBeVisible();
  });
}
