// Export everything (/account): the ZIP downloads through a stream reader, the page shows how much
// has arrived against the size the server expects (a bar with its value for a screen reader, which
// also hears the start), in English and Spanish, and axe finds nothing on the way.
import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { readZip } from '../src/server/test-support/zip-reading';
import { PHONE, expectToast, registerThroughUi } from './support';
import { seedReport } from './reports-support';
import { expectNoAxeViolations, useDeviceLocale } from './a11y-support';

const SHOTS = 'test-results/account-export';

const WORDS = {
  en: {
    button: 'Download Everything',
    bar: 'Export download',
    progress: /^Downloading… \d+\.\d MB of about \d+\.\d MB$/,
    started: 'Downloading your export.',
    done: 'Export downloaded',
  },
  es: {
    button: 'Descargarlo todo',
    bar: 'Descarga de la exportación',
    progress: /^Descargando… \d+,\d MB de unos \d+,\d MB$/,
    started: 'Descargando tu exportación.',
    done: 'Exportación descargada',
  },
} as const;

/** A slow connection for this page's requests (Chromium's own network throttling); `limit(null)` lifts it. */
async function throttling(page: Page): Promise<{ limit(bytesPerSecond: number | null): Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  return {
    async limit(bytesPerSecond) {
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: bytesPerSecond ?? -1, uploadThroughput: -1 });
    },
  };
}

test.use(PHONE);
// Registration, a seeded report and a throttled download: more than the default minute on a busy machine.
test.slow();

for (const locale of ['en', 'es'] as const) {
  test(`downloads the whole account as a ZIP from /account with its progress on screen (${locale})`, async ({ page, baseURL }) => {
    await registerThroughUi(page);
    const { photoIds } = await seedReport(page, baseURL!, 'Zoë Ångström', 2);
    await useDeviceLocale(page, locale);
    // The account's own language is what a signed-in page speaks.
    expect((await page.request.patch('/api/user/preferences', { headers: { origin: baseURL! }, data: { locale } })).status()).toBe(200);

    await page.goto('/account');
    // A phone on a poor connection: the ZIP takes a few seconds to arrive.
    const network = await throttling(page);
    await network.limit(12 * 1024);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: WORDS[locale].button }).click();
    await expect(page.getByRole('status').filter({ hasText: WORDS[locale].started })).toBeAttached();

    // Part-way: what has arrived of about how much, on screen and as the bar's value.
    const bar = page.getByRole('progressbar', { name: WORDS[locale].bar });
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
    await expect(bar).toHaveAttribute('aria-valuetext', WORDS[locale].progress);
    await expect(page.getByTestId('export-progress').getByText(WORDS[locale].progress)).toBeVisible();
    await expectNoAxeViolations(page, `account export in progress (${locale})`);
    await bar.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/downloading-${locale}.png` });
    await network.limit(null);

    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^cleanproof-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = await readZip(await fs.readFile((await file.path())!));
    const before = [...entries.values()].find((entry) => entry.name.endsWith('/pair-01-before.jpg'))!;
    const stored = Buffer.from(await (await page.request.get(`/api/photos/${photoIds[0]}/image`)).body());
    expect(before.bytes.equals(stored)).toBe(true);
    await expectToast(page, WORDS[locale].done);
    await expect(page.getByRole('button', { name: WORDS[locale].button })).toBeVisible();
    await expect(bar).toHaveCount(0);
  });
}
