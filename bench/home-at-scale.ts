// npm run bench:home-at-scale: the home screen of a business with a year of jobs (3,000 reports)
// against one with 30, side by side in one run, on a phone: 390x844, CPU throttled 4x (Chrome
// DevTools' throttling), a fresh browser context each time (no service worker, nothing kept), signed in.
// For each: ms from navigation start to the first report card, DOM nodes and JS heap once the first
// page has settled; then, at 3,000, the page is scrolled to the 500th card and each frame's time is
// recorded. The budget: first card ≤ 1.25x, DOM nodes ≤ 1,500, heap ≤ 2x, frames < 50 ms.
// Needs the built app (npm run build). CHROME_PATH overrides /usr/bin/chromium; HOME_RUNS (default 5).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { startServer } from '../src/server/hardening/faults/server-process.js';
import { median, printTable, runPool } from './bench-support.js';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.HOME_RUNS ?? 5);
const CPU_SLOWDOWN = 4;
const SIZES = [30, 3000] as const;
const SCROLL_TO_CARD = 500;
const PASSWORD = 'correct horse battery';
/** HOME_PROFILE=1: also print the functions the scroll spent its time in (self time, CPU profile). */
const PROFILE = process.env.HOME_PROFILE === '1';
const ONLY_SCROLL = process.env.HOME_ONLY_SCROLL === '1';

type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;

interface HomeFigures {
  firstCardMs: number;
  domNodes: number;
  heapMb: number;
}

const clientName = (n: number) => `Client ${String(n).padStart(4, '0')}`;

/** A new account with `reports` reports (report n is "Client 000n"; the newest is the last made); its session cookies. */
async function accountWith(browser: Browser, url: string, reports: number): Promise<Cookies> {
  const context = await browser.newContext();
  const headers = { origin: url };
  const registered = await context.request.post(`${url}/api/register`, {
    headers,
    data: { email: `home-${reports}-${Date.now()}@example.com`, password: PASSWORD, confirmPassword: PASSWORD, businessName: `Bench ${reports}` },
  });
  if (registered.status() !== 201) throw new Error(`register: ${registered.status()}`);
  const numbers = Array.from({ length: reports }, (_, i) => i + 1);
  // In order, a few at a time: ids (and so the list's order) follow the numbers closely enough.
  await runPool(numbers, 4, async (n) => {
    const made = await context.request.post(`${url}/api/projects`, {
      headers,
      data: { clientName: clientName(n), description: n % 3 === 0 ? 'Deep clean, kitchen and two bathrooms' : 'Weekly office clean' },
    });
    if (made.status() !== 201) throw new Error(`create report ${n}: ${made.status()} ${await made.text()}`);
  });
  const cookies = await context.cookies();
  await context.close();
  return cookies;
}

/** A phone-sized, CPU-throttled page in a fresh context, signed in with `cookies`. */
async function throttledPhone(browser: Browser, cookies: Cookies) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await context.addCookies(cookies);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Performance.enable');
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-testid="project-card"]')) return;
      (window as unknown as { firstCardAt: number }).firstCardAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  return { context, page, cdp };
}

async function openHome(browser: Browser, url: string, cookies: Cookies): Promise<HomeFigures> {
  const { context, page, cdp } = await throttledPhone(browser, cookies);
  try {
    await page.goto(`${url}/`);
    await page.waitForFunction(() => (window as unknown as { firstCardAt?: number }).firstCardAt !== undefined, undefined, { timeout: 60_000 });
    const firstCardMs = await page.evaluate(() => (window as unknown as { firstCardAt: number }).firstCardAt);
    await page.waitForLoadState('networkidle');
    await cdp.send('HeapProfiler.collectGarbage');
    const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heap = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? NaN;
    return { firstCardMs, domNodes, heapMb: heap / 1024 / 1024 };
  } finally {
    await context.close();
  }
}

/** Scrolls a throttled phone's home down to the 500th card as a thumb would (a screen at a time); every frame's ms. */
async function scrollToCard(browser: Browser, url: string, cookies: Cookies, target: string) {
  const { context, page, cdp } = await throttledPhone(browser, cookies);
  try {
    await page.goto(`${url}/`);
    await page.getByTestId('project-card').first().waitFor({ timeout: 60_000 });
    if (PROFILE) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
    // A string, not a function: tsx would wrap the function's inner names in a helper the page lacks.
    const result = (await page.evaluate(`(${SCROLL_SCRIPT})(${JSON.stringify(target)})`)) as ScrollResult;
    if (PROFILE) printHotFunctions((await cdp.send('Profiler.stop')).profile);
    return result;
  } finally {
    await context.close();
  }
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

function printHotFunctions(profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }): void {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const frame = byNode.get(id)?.callFrame;
    const name = frame ? `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : '?';
    selfMs.set(name, (selfMs.get(name) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  const top = [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, 20);
  printTable(
    ['function (self time)', 'ms'],
    top.map(([name, ms]) => [name, ms.toFixed(0)]),
  );
}

interface ScrollResult {
  frames: number[];
  reached: boolean;
  seconds: number;
  domNodes: number;
}

/** In the page: scroll a screen at a time until a card names `wanted`, timing every animation frame. */
const SCROLL_SCRIPT = `async (wanted) => {
  const frames = [];
  let last = performance.now();
  let recording = true;
  const tick = (now) => {
    frames.push(now - last);
    last = now;
    if (recording) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  const started = performance.now();
  const found = () => [...document.querySelectorAll('[data-testid="project-card"]')].some((card) => card.textContent.includes(wanted));
  while (!found() && performance.now() - started < 120000) {
    window.scrollBy(0, window.innerHeight * 0.8);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  recording = false;
  return { frames: frames.slice(1), reached: found(), seconds: (performance.now() - started) / 1000, domNodes: document.getElementsByTagName('*').length };
}`;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/** Opens each account's home RUNS times, interleaved, and prints the medians against the budget. */
async function measureOpening(browser: Browser, url: string, accounts: Map<number, Cookies>): Promise<void> {
  const figures = new Map<number, HomeFigures[]>(SIZES.map((size) => [size, []]));
  // Interleaved, after one unmeasured visit each (the server's first answers warm its caches).
  for (const size of SIZES) await openHome(browser, url, accounts.get(size)!);
  for (let run = 0; run < RUNS; run++) for (const size of SIZES) figures.get(size)!.push(await openHome(browser, url, accounts.get(size)!));

  const [small, large] = SIZES.map((size) => figures.get(size)!);
  const med = (runs: HomeFigures[], key: keyof HomeFigures) => median(runs.map((run) => run[key]));
  console.log(`Home at 390x844, CPU ${CPU_SLOWDOWN}x slower, fresh context, ${RUNS} runs each interleaved (median)`);
  printTable(
    ['', `${SIZES[0]} reports`, `${SIZES[1]} reports`, 'ratio', 'budget'],
    [
      [
        'first card (ms)',
        med(small!, 'firstCardMs').toFixed(0),
        med(large!, 'firstCardMs').toFixed(0),
        (med(large!, 'firstCardMs') / med(small!, 'firstCardMs')).toFixed(2) + 'x',
        '≤ 1.25x',
      ],
      [
        'DOM nodes',
        med(small!, 'domNodes').toFixed(0),
        med(large!, 'domNodes').toFixed(0),
        (med(large!, 'domNodes') / med(small!, 'domNodes')).toFixed(2) + 'x',
        '≤ 1,500',
      ],
      [
        'JS heap (MB)',
        med(small!, 'heapMb').toFixed(1),
        med(large!, 'heapMb').toFixed(1),
        (med(large!, 'heapMb') / med(small!, 'heapMb')).toFixed(2) + 'x',
        '≤ 2x',
      ],
    ],
  );
  console.log(
    `first card, every run (ms): ${SIZES[0]}: ${small!.map((r) => r.firstCardMs.toFixed(0)).join(' ')} · ${SIZES[1]}: ${large!.map((r) => r.firstCardMs.toFixed(0)).join(' ')}`,
  );
}

async function main(): Promise<void> {
  await fs.stat('dist/web/index.html').catch(() => {
    throw new Error('dist/web is missing: build first (npm run build)');
  });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-home-at-scale-'));
  const server = await startServer({ dataDir, entry: 'built' });
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const accounts = new Map<number, Cookies>();
    for (const size of SIZES) accounts.set(size, await accountWith(browser, server.url, size));

    if (!ONLY_SCROLL) await measureOpening(browser, server.url, accounts);

    const scroll = await scrollToCard(browser, server.url, accounts.get(SIZES[1])!, clientName(SIZES[1] - SCROLL_TO_CARD + 1));
    const over = scroll.frames.filter((ms) => ms >= 50).length;
    console.log(
      `\nScrolling the ${SIZES[1]}-report home to card ${SCROLL_TO_CARD} (${scroll.reached ? 'reached' : 'NOT reached'} in ${scroll.seconds.toFixed(1)} s, ${scroll.domNodes} DOM nodes there):`,
    );
    printTable(
      ['frames', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', '≥ 50 ms'],
      [
        [
          scroll.frames.length,
          percentile(scroll.frames, 50).toFixed(1),
          percentile(scroll.frames, 95).toFixed(1),
          percentile(scroll.frames, 99).toFixed(1),
          Math.max(...scroll.frames).toFixed(1),
          over,
        ],
      ],
    );
  } finally {
    await browser.close();
    await server.kill('SIGTERM');
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
