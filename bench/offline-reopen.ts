// npm run bench:offline-reopen: time from navigation to the reports list shown, at
// 390x844, with no network (the service worker's shell and the persisted reports) against the same
// reopen online (the server's page and GET /api/projects), side by side in one run. Median of
// OFFLINE_REOPEN_RUNS (default 7) fresh pages of each, in one signed-in browser profile.
// Needs the built app (npm run build). CHROME_PATH overrides /usr/bin/chromium.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { startServer } from '../src/server/hardening/faults/server-process.js';
import { median } from './bench-support.js';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.OFFLINE_REOPEN_RUNS ?? 7);
const REPORTS = 20;

/** Milliseconds from the navigation's start to the first report card in the page. */
async function reopen(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-testid="project-card"]')) return;
      (window as unknown as { listShownAt: number }).listShownAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { listShownAt?: number }).listShownAt !== undefined, undefined, { timeout: 30_000 });
  const ms = await page.evaluate(() => (window as unknown as { listShownAt: number }).listShownAt);
  await page.close();
  return ms;
}

async function main(): Promise<void> {
  await fs.stat('dist/web/sw.js').catch(() => {
    throw new Error('dist/web/sw.js is missing: build first (npm run build)');
  });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-offline-reopen-'));
  const server = await startServer({ dataDir });
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const headers = { origin: server.url };
    const registered = await context.request.post(`${server.url}/api/register`, {
      headers,
      data: {
        email: `bench-${Date.now()}@example.com`,
        password: 'correct horse battery',
        confirmPassword: 'correct horse battery',
        businessName: 'Bench Cleaning',
      },
    });
    if (registered.status() !== 201) throw new Error(`register: ${registered.status()}`);
    for (let i = 0; i < REPORTS; i++)
      await context.request.post(`${server.url}/api/projects`, { headers, data: { clientName: `Client ${i + 1}`, description: 'End of tenancy clean' } });

    // One online visit: the service worker installs and the list is kept on the device.
    const first = await context.newPage();
    await first.goto(`${server.url}/`);
    await first.getByTestId('project-card').first().waitFor();
    await first.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated', undefined, { timeout: 60_000 });
    await first.waitForTimeout(1500); // the persisted cache is written at most every 0.5 s
    await first.close();

    const online: number[] = [];
    const offline: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await context.setOffline(false);
      online.push(await reopen(context, `${server.url}/`));
      await context.setOffline(true);
      offline.push(await reopen(context, `${server.url}/`));
    }
    await context.setOffline(false);
    console.log(`Reopening the app at 390x844 to the reports list (${REPORTS} reports), ${RUNS} runs each, interleaved; ms from navigation start`);
    console.log(['', 'median', 'min', 'max', 'runs'].join('\t'));
    for (const [name, runs] of [
      ['offline', offline],
      ['online', online],
    ] as const) {
      console.log(
        [name, median(runs).toFixed(0), Math.min(...runs).toFixed(0), Math.max(...runs).toFixed(0), runs.map((ms) => ms.toFixed(0)).join(' ')].join('\t'),
      );
    }
  } finally {
    await browser.close();
    await server.kill('SIGTERM');
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
