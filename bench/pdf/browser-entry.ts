// Runs in Chromium for bench/pdf.ts: the same layout module as the app's export button, either in
// a worker (what the app does) or on the page's own thread with the app's yielding (its fallback),
// timed inside the page. Photos and fonts are fetched first (not timed).
import { buildReportPdf, type ReportPdfInput } from '../../src/pdf/report-layout';

interface BenchResult {
  ms: number;
  pdfBytes: number;
  photoBytes: number;
  /** Longest the page went without running a timer while the PDF was built. */
  longestFreezeMs: number;
}

async function bytesOf(url: string): Promise<Uint8Array> {
  return new Uint8Array(await (await fetch(url)).arrayBuffer());
}

async function run(pairCount: number, photoCount: number, mode: 'worker' | 'main'): Promise<BenchResult> {
  const [regular, bold] = await Promise.all([bytesOf('/font/regular.ttf'), bytesOf('/font/bold.ttf')]);
  // Every pair gets its own copy, as fetching each photo does in the app.
  const photos = await Promise.all(Array.from({ length: pairCount * 2 }, (_, i) => bytesOf(`/photo/${i % photoCount}.jpg`)));
  const photoBytes = photos.reduce((sum, p) => sum + p.length, 0);
  // The app starts its worker while the filename prompt is open: start this one before timing too.
  const worker = mode === 'worker' ? new Worker('/worker.js', { type: 'module' }) : undefined;
  if (worker) {
    await new Promise((resolve) => {
      worker.onmessage = resolve;
      worker.postMessage('ping');
    });
  }
  (window as unknown as { benchReady: boolean }).benchReady = true;
  await new Promise((resolve) => setTimeout(resolve, 300)); // let the harness read the baseline memory

  let longestFreezeMs = 0;
  let last = performance.now();
  const heartbeat = setInterval(() => {
    const now = performance.now();
    longestFreezeMs = Math.max(longestFreezeMs, now - last);
    last = now;
  }, 0);
  let sliceStart = performance.now();
  const yieldToPage = async () => {
    if (performance.now() - sliceStart < 12) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    sliceStart = performance.now();
  };

  const input: ReportPdfInput = {
    businessName: 'Sparkle Cleaning Co',
    clientName: 'Zoë Ångström',
    description: 'Kitchen and bathroom deep clean',
    dateText: '22 November 2026',
    pairs: Array.from({ length: pairCount }, (_, i) => ({ before: photos[2 * i]!, after: photos[2 * i + 1]! })),
  };
  const start = performance.now();
  let pdf: Uint8Array;
  if (worker) {
    pdf = await new Promise<Uint8Array>((resolve) => {
      worker.onmessage = (event: MessageEvent<Uint8Array>) => resolve(event.data);
      worker.postMessage(
        { input, fonts: { regular, bold } },
        photos.map((p) => p.buffer as ArrayBuffer),
      );
    });
    worker.terminate();
  } else {
    pdf = await buildReportPdf(input, { regular, bold }, { afterPair: yieldToPage, objectsPerTick: 25 });
  }
  const ms = performance.now() - start;
  clearInterval(heartbeat);
  longestFreezeMs = Math.max(longestFreezeMs, performance.now() - last);
  return { ms, pdfBytes: pdf.length, photoBytes, longestFreezeMs };
}

(window as unknown as { runPdfBench: typeof run }).runPdfBench = run;
