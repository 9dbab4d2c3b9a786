// PDF export benchmark: generation time and peak memory for 10, 50 and 200 pairs in
// Node and in Chromium, and the PDF's size against the JPEG bytes it embeds.
//   npm run bench:pdf
// Node cases run each in a fresh process (clean peak RSS); Chromium cases each in a fresh
// browser context (own renderer process), driven with playwright-core and Debian's chromium.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { buildReportPdf } from '../src/pdf/report-layout.js';
import { loadReportFonts } from '../src/server/projects/report-pdf-fonts.js';
import { makePhotoJpeg } from '../src/server/test-support/photo-fixtures.js';

const PAIR_COUNTS = [10, 50, 200];
const DISTINCT_PHOTOS = 24;
const RUNS = 3;
const here = path.dirname(fileURLToPath(import.meta.url));
const MB = 1024 * 1024;

/** Photo-like 1024x768 JPEGs at the stored quality (captures are kept at the camera's 0.6; others encoded once at 60). */
async function makePhotos(): Promise<Buffer[]> {
  const photos: Buffer[] = [];
  for (let seed = 1; seed <= DISTINCT_PHOTOS; seed += 1) photos.push(await makePhotoJpeg(1024, 768, { seed, quality: 60 }));
  return photos;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface CaseResult {
  pairs: number;
  ms: number;
  peakMb: number;
  pdfBytes: number;
  photoBytes: number;
  longestFreezeMs?: number;
  /** Node only: CPU time of the build (user + system), which a busy machine inflates far less than wall time. */
  cpuMs?: number;
}

// ---- Node: one case per child process ----------------------------------------------------------
async function nodeCase(pairCount: number): Promise<CaseResult> {
  const photos = await makePhotos();
  const fonts = await loadReportFonts();
  const pairs = Array.from({ length: pairCount }, (_, i) => ({
    before: Buffer.from(photos[(2 * i) % DISTINCT_PHOTOS]!),
    after: Buffer.from(photos[(2 * i + 1) % DISTINCT_PHOTOS]!),
  }));
  const input = {
    businessName: 'Sparkle Cleaning Co',
    clientName: 'Zoë Ångström',
    description: 'Kitchen and bathroom deep clean',
    dateText: '22 November 2026',
    pairs,
  };
  await buildReportPdf({ ...input, pairs: pairs.slice(0, 1) }, fonts); // warm-up: font parsing, JIT
  (globalThis as { gc?: () => void }).gc?.();
  const baselineRss = process.memoryUsage().rss;
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let size = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    size = (await buildReportPdf(input, fonts)).length;
    times.push(performance.now() - start);
    const cpu = process.cpuUsage(cpuStart);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
  }
  const peakRss = process.resourceUsage().maxRSS * 1024;
  return {
    pairs: pairCount,
    ms: median(times),
    cpuMs: median(cpuTimes),
    peakMb: Math.max(0, peakRss - baselineRss) / MB,
    pdfBytes: size,
    photoBytes: pairs.reduce((s, p) => s + p.before.length + p.after.length, 0),
  };
}

function runNodeCases(): CaseResult[] {
  return PAIR_COUNTS.map((pairs) => {
    const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--node-case', String(pairs)], {
      encoding: 'utf8',
      maxBuffer: 16 * MB,
    });
    return JSON.parse(out.trim().split('\n').pop()!) as CaseResult;
  });
}

// ---- Chromium: the built layout module in a small page -------------------------------------------
async function bundleBrowserEntry(outDir: string): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      minify: true,
      lib: {
        entry: { bench: path.join(here, 'pdf/browser-entry.ts'), worker: path.join(here, 'pdf/browser-worker.ts') },
        formats: ['es'],
        fileName: (_format, name) => `${name}.js`,
      },
    },
  });
}

function rendererPids(): Set<number> {
  const pids = new Set<number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes('chrom') && cmdline.includes('--type=renderer')) pids.add(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

function procStatusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0);
}

async function runChromiumCases(photos: Buffer[], mode: 'worker' | 'main'): Promise<CaseResult[]> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-bench-'));
  await bundleBrowserEntry(outDir);
  const fonts = await loadReportFonts();
  const server = http.createServer((request, response) => {
    const url = request.url ?? '/';
    const send = (type: string, body: string | Uint8Array) => response.writeHead(200, { 'content-type': type }).end(body);
    if (url === '/') return send('text/html', '<!doctype html><title>pdf bench</title><script type="module" src="/bench.js"></script>');
    const built = /^\/([\w.-]+\.js)$/.exec(url);
    if (built && fs.existsSync(path.join(outDir, built[1]!))) return send('text/javascript', fs.readFileSync(path.join(outDir, built[1]!)));
    if (url === '/font/regular.ttf') return send('font/ttf', fonts.regular);
    if (url === '/font/bold.ttf') return send('font/ttf', fonts.bold);
    const photo = /^\/photo\/(\d+)\.jpg$/.exec(url);
    if (photo) return send('image/jpeg', photos[Number(photo[1])]!);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const results: CaseResult[] = [];
  try {
    for (const pairCount of PAIR_COUNTS) {
      const times: number[] = [];
      const freezes: number[] = [];
      let peakMb = 0;
      let last: { pdfBytes: number; photoBytes: number } = { pdfBytes: 0, photoBytes: 0 };
      for (let run = 0; run < RUNS; run += 1) {
        const before = rendererPids();
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(`http://127.0.0.1:${port}/`);
        await page.waitForFunction(() => typeof (window as unknown as { runPdfBench?: unknown }).runPdfBench === 'function');
        const running = page.evaluate(
          ([n, distinct, how]) =>
            (
              window as unknown as {
                runPdfBench: (a: number, b: number, m: string) => Promise<{ ms: number; pdfBytes: number; photoBytes: number; longestFreezeMs: number }>;
              }
            ).runPdfBench(n, distinct, how),
          [pairCount, DISTINCT_PHOTOS, mode] as const,
        );
        await page.waitForFunction(() => (window as unknown as { benchReady?: boolean }).benchReady === true, undefined, { timeout: 60_000 });
        // The page's renderer: the new renderer process holding the most memory (the photos).
        const renderer = [...rendererPids()].filter((pid) => !before.has(pid)).sort((a, b) => procStatusKb(b, 'VmRSS') - procStatusKb(a, 'VmRSS'))[0];
        const baselineKb = renderer ? procStatusKb(renderer, 'VmRSS') : 0;
        const result = await running;
        if (renderer) peakMb = Math.max(peakMb, (procStatusKb(renderer, 'VmHWM') - baselineKb) / 1024);
        times.push(result.ms);
        freezes.push(result.longestFreezeMs);
        last = result;
        await context.close();
      }
      results.push({ pairs: pairCount, ms: median(times), peakMb, pdfBytes: last.pdfBytes, photoBytes: last.photoBytes, longestFreezeMs: median(freezes) });
    }
  } finally {
    await browser.close();
    server.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  }
  return results;
}

function printTable(title: string, rows: CaseResult[]): void {
  console.log(`\n${title}`);
  console.log('pairs | time (median of 3) | CPU time | peak memory over baseline | longest freeze | PDF size  | JPEG bytes | overhead');
  console.log('------|--------------------|----------|---------------------------|----------------|-----------|------------|---------');
  for (const row of rows) {
    const overhead = row.pdfBytes - row.photoBytes;
    console.log(
      [
        String(row.pairs).padStart(5),
        `${row.ms.toFixed(0)} ms`.padStart(18),
        (row.cpuMs === undefined ? 'n/a' : `${row.cpuMs.toFixed(0)} ms`).padStart(8),
        `${row.peakMb.toFixed(1)} MB`.padStart(25),
        (row.longestFreezeMs === undefined ? 'n/a' : `${row.longestFreezeMs.toFixed(0)} ms`).padStart(14),
        `${(row.pdfBytes / MB).toFixed(2)} MB`.padStart(9),
        `${(row.photoBytes / MB).toFixed(2)} MB`.padStart(10),
        `${(overhead / 1024).toFixed(1)} KB (${((overhead / row.photoBytes) * 100).toFixed(2)}%)`,
      ].join(' | '),
    );
  }
}

async function main(): Promise<void> {
  const caseIndex = process.argv.indexOf('--node-case');
  if (caseIndex >= 0) {
    console.log(JSON.stringify(await nodeCase(Number(process.argv[caseIndex + 1]))));
    return;
  }
  console.log(`PDF export benchmark: ${os.cpus().length} cores, Node ${process.version}; photos 1024x768 JPEG q80 (${DISTINCT_PHOTOS} distinct, reused)`);
  printTable('Node (server route; peak = max RSS of a fresh process minus its RSS before generating)', runNodeCases());
  const photos = await makePhotos();
  printTable(
    'Chromium, in a worker as the app does (peak = renderer VmHWM minus its RSS with the photos loaded; freeze = on the page thread)',
    await runChromiumCases(photos, 'worker'),
  );
  printTable('Chromium, on the page thread with yielding (the fallback without module workers)', await runChromiumCases(photos, 'main'));
  console.log(
    `\nload average while measuring: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} (on ${os.cpus().length} cores)`,
  );
}

await main();
