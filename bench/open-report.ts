// Opening a report of 50 pairs: bytes and time of GET /api/projects/{id} in the spec's
// base64 imageData form against ?images=url plus the thumbnails of the first screen (6) and of
// all 100, side by side in one run, over real HTTP against the real app (PGlite, local photo store).
//   npm run bench:open-report
import { makePhotoJpeg } from '../src/server/test-support/photo-fixtures.js';
import { startTestApp } from '../src/server/test-support/test-app.js';
import type { Project } from '../src/shared/contract/projects.js';
import { cookieHeader, fetchBytes, kb, median, printTable, runPool, signedInClient } from './bench-support.js';

const PAIRS = 50;
const FIRST_SCREEN_THUMBNAILS = 6;
const RUNS = 5;
/** Lighthouse's slow 4G: 1.6 Mbit/s down, 150 ms round trip; a browser opens 6 connections per host. */
const SLOW_4G_BYTES_PER_S = 1.6e6 / 8;
const SLOW_4G_RTT_MS = 150;
const slow4gSeconds = (bytes: number, roundTrips: number) => (roundTrips * SLOW_4G_RTT_MS + (bytes / SLOW_4G_BYTES_PER_S) * 1000) / 1000;

const t = await startTestApp();
try {
  const client = await signedInClient(t);
  const project = (await client.post<Project>('/api/projects', {})).body;
  console.log(`Filling a report with ${PAIRS} pairs (${PAIRS * 2} photo-like 1024x768 JPEGs, captured at quality 0.6 as spec §9 says)…`);
  await runPool(
    Array.from({ length: PAIRS * 2 }, (_, i) => i),
    4,
    async (i) => {
      const jpeg = await makePhotoJpeg(1024, 768, { seed: 1000 + i, quality: 60 });
      const response = await client.post(`/api/projects/${project.id}/photos?type=${i < PAIRS ? 'before' : 'after'}`, undefined, {
        raw: jpeg,
        headers: { 'content-type': 'image/jpeg' },
      });
      if (response.status !== 201) throw new Error(`upload ${i}: ${response.status} ${response.text}`);
    },
  );
  const auto = await client.post<{ pairsCreated: number }>(`/api/projects/${project.id}/auto-pair-all`);
  if (auto.body.pairsCreated !== PAIRS) throw new Error(`expected ${PAIRS} pairs, got ${JSON.stringify(auto.body)}`);

  const timeJson = async (url: string) => {
    const started = performance.now();
    const response = await fetch(t.url + url, { headers: cookieHeader(client) });
    const text = await response.text();
    const ms = performance.now() - started;
    return { ms, bytes: Buffer.byteLength(text), project: JSON.parse(text) as Project };
  };

  // Warm-up, then interleaved runs so both forms see the same machine state.
  await timeJson(`/api/projects/${project.id}`);
  await timeJson(`/api/projects/${project.id}?images=url`);
  const base64Runs: number[] = [];
  const urlRuns: number[] = [];
  const firstScreenRuns: number[] = [];
  const allThumbRuns: number[] = [];
  let base64Bytes = 0;
  let urlBytes = 0;
  let firstScreenBytes = 0;
  let allThumbBytes = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const base64 = await timeJson(`/api/projects/${project.id}`);
    base64Runs.push(base64.ms);
    base64Bytes = base64.bytes;

    const urls = await timeJson(`/api/projects/${project.id}?images=url`);
    urlRuns.push(urls.ms);
    urlBytes = urls.bytes;
    // The editor shows pairs first: the first screen is the first 3 pairs (6 thumbnails).
    const thumbnails = urls.project.photoPairs.flatMap((pair) => [pair.beforePhoto.thumbnailUrl, pair.afterPhoto.thumbnailUrl]);
    let started = performance.now();
    firstScreenBytes = (await runPool(thumbnails.slice(0, FIRST_SCREEN_THUMBNAILS), 6, (url) => fetchBytes(t, client, url))).reduce((a, b) => a + b, 0);
    firstScreenRuns.push(urls.ms + performance.now() - started);
    started = performance.now();
    allThumbBytes = (await runPool(thumbnails, 6, (url) => fetchBytes(t, client, url))).reduce((a, b) => a + b, 0);
    allThumbRuns.push(urls.ms + performance.now() - started);
  }
  const fullImageBytes = (
    await runPool(project.id ? (await timeJson(`/api/projects/${project.id}?images=url`)).project.photos : [], 6, (photo) =>
      fetchBytes(t, client, photo.imageUrl),
    )
  ).reduce((a, b) => a + b, 0);

  console.log(
    `\nOpening a report of ${PAIRS} pairs (${PAIRS * 2} photos; median of ${RUNS} runs on localhost; slow-4G estimate = bytes at 1.6 Mbit/s + 150 ms per round trip, 6 connections):\n`,
  );
  const firstScreenTotal = urlBytes + firstScreenBytes;
  const allTotal = urlBytes + allThumbBytes;
  printTable(
    ['what the page loads before photos are visible', 'bytes', 'vs base64', 'time (localhost)', 'slow 4G (est.)'],
    [
      [
        'spec form: GET /api/projects/{id} with base64 imageData',
        kb(base64Bytes),
        '1x',
        `${median(base64Runs).toFixed(0)} ms`,
        `${slow4gSeconds(base64Bytes, 1).toFixed(1)} s`,
      ],
      [
        'GET ?images=url (JSON only)',
        kb(urlBytes),
        `${(base64Bytes / urlBytes).toFixed(0)}x fewer`,
        `${median(urlRuns).toFixed(1)} ms`,
        `${slow4gSeconds(urlBytes, 1).toFixed(2)} s`,
      ],
      [
        `?images=url + first screen (${FIRST_SCREEN_THUMBNAILS} thumbnails)`,
        kb(firstScreenTotal),
        `${(base64Bytes / firstScreenTotal).toFixed(0)}x fewer`,
        `${median(firstScreenRuns).toFixed(1)} ms`,
        `${slow4gSeconds(firstScreenTotal, 2).toFixed(2)} s`,
      ],
      [
        `?images=url + all ${PAIRS * 2} thumbnails`,
        kb(allTotal),
        `${(base64Bytes / allTotal).toFixed(0)}x fewer`,
        `${median(allThumbRuns).toFixed(1)} ms`,
        `${slow4gSeconds(allTotal, 1 + Math.ceil((PAIRS * 2) / 6)).toFixed(1)} s`,
      ],
    ],
  );
  console.log(
    `\nPer photo: stored JPEG ${kb(fullImageBytes / (PAIRS * 2))} on average (full size, loaded only when a photo is opened), thumbnail ${kb(allThumbBytes / (PAIRS * 2))} (320 px WebP).`,
  );
  console.log(`The base64 form repeats each paired photo's imageData in photos[] and in photoPairs[], as spec §3 describes.`);
} finally {
  await t.close();
}
