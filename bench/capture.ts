// Field-ready capture, two figures:
//  (a) Ingest: browser captures (1024x768 JPEG at quality 0.6 with some EXIF, as the app's camera
//      makes them) through the no-re-encode path (metadata stripped, bytes kept) against the
//      decode-and-encode path every photo took before, side by side in one run, alternating
//      rounds so both see the same machine load. Processing only (no HTTP, no storage): that is
//      the part that changed. bench:ingest covers the whole HTTP path.
//  (b) PDF size: a report of 50 pairs of such captures, stored the new way, against the sum of the
//      captured JPEG bytes (and the same report stored the old way, re-encoded at quality 80).
//   npm run bench:capture
import os from 'node:os';
import sharp from 'sharp';
import { decodeAndEncode, processUploadedPhoto } from '../src/server/photos/image-processing.js';
import { makePhotoJpeg } from '../src/server/test-support/photo-fixtures.js';
import { buildReportPdf } from '../src/pdf/report-layout.js';
import { loadReportFonts } from '../src/server/projects/report-pdf-fonts.js';
import { kb, median, printTable, runPool } from './bench-support.js';

const DISTINCT = 24;
const ROUNDS = 5;
const PER_ROUND = 40;
/** One job per core, as the server's cpuWork limiter allows. */
const CONCURRENCY = os.availableParallelism();

/** What the browser sends: the canvas at quality 0.6, here with camera EXIF added (make, model, date). */
async function makeCaptures(): Promise<Buffer[]> {
  const captures: Buffer[] = [];
  for (let seed = 1; seed <= DISTINCT; seed += 1) {
    const pixels = await makePhotoJpeg(1024, 768, { seed: 300 + seed, quality: 95 });
    captures.push(
      await sharp(pixels)
        .withExif({ IFD0: { Make: 'BenchCam', Model: 'Phone 1' }, IFD2: { DateTimeOriginal: '2026:11:21 09:14:00', OffsetTimeOriginal: '+01:00' } })
        .jpeg({ quality: 60 })
        .toBuffer(),
    );
  }
  return captures;
}

type Path = 'kept (no re-encode)' | 'decode + encode';

async function round(captures: Buffer[], path: Path): Promise<{ wallMs: number; cpuMs: number; kept: number }> {
  let kept = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await runPool(
    Array.from({ length: PER_ROUND }, (_, i) => captures[i % captures.length]!),
    CONCURRENCY,
    async (capture) => {
      const result = path === 'kept (no re-encode)' ? await processUploadedPhoto(capture) : await decodeAndEncode(capture);
      if (result.path === 'kept') kept += 1;
    },
  );
  const used = process.cpuUsage(cpu);
  return { wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000, kept };
}

async function ingest(captures: Buffer[]) {
  const paths: Path[] = ['kept (no re-encode)', 'decode + encode'];
  await round(captures, paths[0]!);
  await round(captures, paths[1]!); // warm-up
  const results = new Map<Path, { wall: number[]; cpu: number[]; kept: number }>(paths.map((p) => [p, { wall: [], cpu: [], kept: 0 }]));
  for (let r = 0; r < ROUNDS; r += 1) {
    for (const path of r % 2 === 0 ? paths : [...paths].reverse()) {
      const result = await round(captures, path);
      const entry = results.get(path)!;
      entry.wall.push(result.wallMs);
      entry.cpu.push(result.cpuMs);
      entry.kept += result.kept;
    }
  }
  const perSecond = (path: Path) => (PER_ROUND * 1000) / median(results.get(path)!.wall);
  const cpuPerPhoto = (path: Path) => median(results.get(path)!.cpu) / PER_ROUND;
  const rows = paths.map((path) => [
    path,
    `${results.get(path)!.kept}/${ROUNDS * PER_ROUND}`,
    perSecond(path).toFixed(1),
    `${cpuPerPhoto(path).toFixed(2)} ms`,
    ((os.availableParallelism() * 1000) / cpuPerPhoto(path)).toFixed(0),
  ]);
  console.log(
    `\n(a) Ingest of ${DISTINCT} distinct 1024x768 q0.6 captures with EXIF, ${ROUNDS} alternating rounds of ${PER_ROUND}, ${CONCURRENCY} at once (${os.availableParallelism()} cores, load ${os.loadavg()[0]?.toFixed(1)}):\n`,
  );
  printTable(['path', 'photos kept as sent', 'photos/s (median round)', 'CPU per photo', 'photos/s, machine to itself'], rows);
  const [kept, encoded] = paths;
  console.log(
    `\nkept / decode+encode: ${(perSecond(kept!) / perSecond(encoded!)).toFixed(2)}x photos/s (wall), ${(cpuPerPhoto(encoded!) / cpuPerPhoto(kept!)).toFixed(2)}x less CPU per photo`,
  );
}

async function pdfSize(captures: Buffer[]) {
  const PAIRS = 50;
  const fonts = await loadReportFonts();
  const sent = Array.from({ length: 2 * PAIRS }, (_, i) => captures[i % captures.length]!);
  // A few at a time, as uploads arrive: the server's image queue refuses more than 64 waiting.
  const storedNew = await runPool(sent, CONCURRENCY, async (capture) => (await processUploadedPhoto(capture)).jpeg);
  // Before capture kept the camera's JPEG: decoded and encoded again at quality 80.
  const storedOld = await Promise.all(sent.map((capture) => sharp(capture).rotate().jpeg({ quality: 80 }).toBuffer()));
  const report = async (stored: Buffer[]) =>
    buildReportPdf(
      {
        businessName: 'Sparkle Cleaning Co',
        clientName: 'Jane Smith',
        description: 'Kitchen deep clean',
        dateText: '21 November 2026',
        timeZone: 'Europe/Madrid',
        pairs: Array.from({ length: PAIRS }, (_, i) => ({
          before: stored[2 * i]!,
          after: stored[2 * i + 1]!,
          beforeCapturedAt: '2026-11-21T08:14:00Z',
          afterCapturedAt: '2026-11-21T10:02:00Z',
        })),
      },
      fonts,
    );
  const sum = (list: Buffer[]) => list.reduce((total, bytes) => total + bytes.length, 0);
  const capturedBytes = sum(sent);
  const [pdfNew, pdfOld] = [(await report(storedNew)).length, (await report(storedOld)).length];
  const rows = [
    ['captured JPEGs as sent (sum)', kb(capturedBytes), '1.00'],
    ['stored, new (metadata stripped, sum)', kb(sum(storedNew)), (sum(storedNew) / capturedBytes).toFixed(3)],
    ['PDF of the new stored photos', kb(pdfNew), (pdfNew / capturedBytes).toFixed(3)],
    ['stored, re-encoded q80 as before (sum)', kb(sum(storedOld)), (sum(storedOld) / capturedBytes).toFixed(3)],
    ['PDF of those', kb(pdfOld), (pdfOld / capturedBytes).toFixed(3)],
  ];
  console.log(`\n(b) PDF size, ${PAIRS} pairs of 1024x768 q0.6 captures:\n`);
  printTable(['what', 'bytes', 'x captured bytes'], rows);
}

const captures = await makeCaptures();
await ingest(captures);
await pdfSize(captures);
