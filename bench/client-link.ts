// npm run bench:client-link: what a client's phone downloads before the first pair of a
// 50-pair report shows on /r/{token}, against the bytes of the same report's PDF, side by side.
// Runs the real server (with the built web app: npm run build) and Debian's chromium at 390x844,
// and counts every byte received (bodies as sent, compressed, plus headers: CDP's
// encodedDataLength) until both photos of the first comparison have loaded. Also times it under
// Lighthouse's slow 4G (150 ms, 1.6 Mbit/s) and 4x CPU slowdown. CHROME_PATH overrides
// /usr/bin/chromium; RUNS (default 3) runs, the median is reported.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { startServer } from '../src/server/hardening/faults/server-process.js';
import { kb, median, printTable } from './bench-support.js';
import { seedSharedReport } from './shared-report-fixture.js';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.RUNS ?? 3);
const PAIRS = 50;
const BUDGET = 0.05;
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
};

interface Received {
  url: string;
  bytes: number;
}

interface Visit {
  /** Everything received before the first pair showed, by kind. */
  before: Received[];
  /** Everything received once the page settled (the lazy thumbnails near the screen). */
  settled: Received[];
  firstPairMs: number;
}

function kindOf(url: string): string {
  const { pathname } = new URL(url);
  if (pathname.startsWith('/r/')) return 'page (HTML)';
  if (pathname.endsWith('.js')) return 'script';
  if (pathname.endsWith('.css')) return 'stylesheet';
  if (/\/thumbnail$/.test(pathname)) return 'thumbnails';
  if (/\/image$/.test(pathname)) return 'full photos';
  if (pathname.endsWith('/logo')) return 'logo';
  if (pathname.endsWith('.svg')) return 'icon';
  if (/^\/api\/shared\/[^/]+$/.test(pathname)) return 'report (JSON)';
  return 'other';
}

/** Counts each request's received bytes once it has finished loading. */
async function recordBytes(cdp: CDPSession): Promise<Received[]> {
  const urls = new Map<string, string>();
  const received: Received[] = [];
  cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
  cdp.on('Network.loadingFinished', (event) => received.push({ url: urls.get(event.requestId) ?? '?', bytes: event.encodedDataLength }));
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return received;
}

async function firstPairShown(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const images = [...(document.querySelector('figure')?.querySelectorAll('img') ?? [])];
      return images.length === 2 && images.every((image) => image.complete && image.naturalWidth > 0);
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
}

async function visit(url: string, throttled: boolean): Promise<Visit> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const page = await (await browser.newContext(PHONE)).newPage();
    const cdp = await page.context().newCDPSession(page);
    const received = await recordBytes(cdp);
    if (throttled) {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6e6 / 8) * 0.9,
        uploadThroughput: (750e3 / 8) * 0.9,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    }
    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    await firstPairShown(page);
    const firstPairMs = Date.now() - started;
    const before = [...received];
    await page.waitForLoadState('networkidle');
    return { before, settled: [...received], firstPairMs };
  } finally {
    await browser.close();
  }
}

const total = (items: Received[]) => items.reduce((sum, item) => sum + item.bytes, 0);

function byKind(items: Received[]): Map<string, { bytes: number; requests: number }> {
  const kinds = new Map<string, { bytes: number; requests: number }>();
  for (const item of items) {
    const entry = kinds.get(kindOf(item.url)) ?? { bytes: 0, requests: 0 };
    entry.bytes += item.bytes;
    entry.requests += 1;
    kinds.set(kindOf(item.url), entry);
  }
  return kinds;
}

async function main(): Promise<void> {
  if (
    !(await fs.stat('dist/web/shared-report.manifest.json').then(
      () => true,
      () => false,
    ))
  )
    throw new Error('The client link page is not built: build the web app first (npm run build:web)');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-client-link-'));
  const server = await startServer({ dataDir });
  try {
    console.log(`Filling a report with ${PAIRS} pairs (${PAIRS * 2} photo-like 1024x768 JPEGs at quality 0.6) and making a link…`);
    const { link } = await seedSharedReport(server.url, PAIRS);
    const pdf = await fetch(`${server.url}/api/shared/${link.token}/report.pdf`, { headers: { 'x-forwarded-for': '198.51.100.9' } });
    if (!pdf.ok) throw new Error(`PDF: ${pdf.status}`);
    const pdfBytes = (await pdf.arrayBuffer()).byteLength;

    const visits: Visit[] = [];
    const throttledMs: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      visits.push(await visit(link.url, false));
      throttledMs.push((await visit(link.url, true)).firstPairMs);
    }
    const typical = [...visits].sort((a, b) => total(a.before) - total(b.before))[Math.floor(visits.length / 2)]!;
    const beforeBytes = total(typical.before);

    console.log(
      `\nOpening /r/{token} of a ${PAIRS}-pair report on a phone (390x844), bytes received (compressed bodies plus headers), median of ${RUNS} runs:\n`,
    );
    const kinds = byKind(typical.before);
    const settledKinds = byKind(typical.settled);
    printTable(
      ['what', 'before the first pair shows', 'requests', 'once the page settles', 'requests'],
      [...new Set([...kinds.keys(), ...settledKinds.keys()])].map((kind) => [
        kind,
        kb(kinds.get(kind)?.bytes ?? 0),
        kinds.get(kind)?.requests ?? 0,
        kb(settledKinds.get(kind)?.bytes ?? 0),
        settledKinds.get(kind)?.requests ?? 0,
      ]),
    );
    console.log('');
    printTable(
      ['the same report', 'bytes', 'share of the PDF'],
      [
        ['the PDF (GET /api/shared/{token}/report.pdf)', kb(pdfBytes), '100%'],
        ['/r/{token} until the first pair shows', kb(beforeBytes), `${((beforeBytes / pdfBytes) * 100).toFixed(2)}%`],
        ['/r/{token} once settled (lazy thumbnails near the screen)', kb(total(typical.settled)), `${((total(typical.settled) / pdfBytes) * 100).toFixed(2)}%`],
      ],
    );
    console.log(
      `\nFirst pair shown after ${median(visits.map((v) => v.firstPairMs)).toFixed(0)} ms on loopback, ${median(throttledMs).toFixed(0)} ms under slow 4G (150 ms, 1.6 Mbit/s) with 4x CPU slowdown (median of ${RUNS}).`,
    );
    const share = beforeBytes / pdfBytes;
    if (share <= BUDGET) console.log(`OK: ${(share * 100).toFixed(2)}% of the PDF's bytes (budget ${BUDGET * 100}%)`);
    else {
      console.log(`!! ${(share * 100).toFixed(2)}% of the PDF's bytes (budget ${BUDGET * 100}%)`);
      process.exitCode = 1;
    }
  } finally {
    await server.kill('SIGTERM');
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
