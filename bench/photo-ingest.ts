// Photo ingest: photos per second through POST /api/projects/{id}/photos, over real HTTP
// into the real app (PGlite, local photo store), for realistic 1024x768 JPEGs (what the app's
// camera captures, spec §9) and 12-megapixel phone photos, in the app's raw-bytes form and the
// spec's JSON data-URL form. Also the decode/encode alone (no HTTP, no storage) for reference.
//   npm run bench:ingest
import os from 'node:os';
import { processUploadedPhoto } from '../src/server/photos/image-processing.js';
import { makePhotoJpeg, toDataUrl } from '../src/server/test-support/photo-fixtures.js';
import { startTestApp, type TestApp } from '../src/server/test-support/test-app.js';
import type { Project } from '../src/shared/contract/projects.js';
import type { TestClient } from '../src/server/test-support/test-client.js';
import { kb, median, printTable, runPool, signedInClient } from './bench-support.js';

/** Uploads in flight at once: a few phones of one business uploading together. */
const CLIENT_CONCURRENCY = 4;

interface Workload {
  name: string;
  photos: Buffer[];
  uploads: number;
}

async function makeWorkloads(): Promise<Workload[]> {
  const camera = await Promise.all(Array.from({ length: 12 }, (_, i) => makePhotoJpeg(1024, 768, { seed: 10 + i, quality: 60 })));
  const phone = await Promise.all(Array.from({ length: 4 }, (_, i) => makePhotoJpeg(4032, 3024, { seed: 50 + i, quality: 90 })));
  return [
    { name: '1024x768 JPEG (app camera, q0.6)', photos: camera, uploads: 80 },
    { name: '12 MP phone JPEG (4032x3024, q0.9)', photos: phone, uploads: 16 },
  ];
}

async function ingest(t: TestApp, client: TestClient, projectId: number, workload: Workload, form: 'raw' | 'data-url') {
  const latencies: number[] = [];
  const bodies = workload.photos.map((photo) => (form === 'raw' ? photo : JSON.stringify({ type: 'before', imageData: toDataUrl(photo) })));
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  await runPool(
    Array.from({ length: workload.uploads }, (_, i) => i),
    CLIENT_CONCURRENCY,
    async (i) => {
      const body = bodies[i % bodies.length] as Buffer | string;
      const sent = performance.now();
      const response =
        form === 'raw'
          ? await client.post(`/api/projects/${projectId}/photos?type=before`, undefined, { raw: body, headers: { 'content-type': 'image/jpeg' } })
          : await client.post(`/api/projects/${projectId}/photos`, undefined, { raw: body, headers: { 'content-type': 'application/json' } });
      if (response.status !== 201) throw new Error(`upload: ${response.status} ${response.text}`);
      latencies.push(performance.now() - sent);
    },
  );
  const seconds = (performance.now() - started) / 1000;
  const bodyBytes = bodies.reduce((sum, body) => sum + Buffer.byteLength(body), 0) / bodies.length;
  return { perSecond: workload.uploads / seconds, p50: median(latencies), bodyBytes, cpuMsPerPhoto: cpuMs(cpuStarted) / workload.uploads };
}

async function decodeOnly(workload: Workload) {
  const count = Math.min(workload.uploads, 40);
  const cpuStarted = process.cpuUsage();
  await runPool(
    Array.from({ length: count }, (_, i) => i),
    CLIENT_CONCURRENCY,
    (i) => processUploadedPhoto(workload.photos[i % workload.photos.length] as Buffer),
  );
  return cpuMs(cpuStarted) / count;
}

/**
 * CPU milliseconds this process used (all threads, sharp's included) since `since`. Other work on
 * a shared machine stretches wall time but not this, so cores x 1000 / cpuMsPerPhoto is what the
 * machine can ingest when the server has it to itself.
 */
function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

const cores = os.availableParallelism();
const workloads = await makeWorkloads();
const t = await startTestApp();
try {
  const client = await signedInClient(t);
  const rows: Array<Array<string | number>> = [];
  for (const workload of workloads) {
    const decodeCpuMs = await decodeOnly(workload);
    for (const form of ['raw', 'data-url'] as const) {
      const project = (await client.post<Project>('/api/projects', {})).body;
      await ingest(t, client, project.id, { ...workload, uploads: Math.ceil(workload.uploads / 6) }, form); // warm-up
      const result = await ingest(t, client, project.id, workload, form);
      rows.push([
        workload.name,
        form === 'raw' ? 'raw bytes (image/jpeg)' : 'JSON data URL (spec)',
        kb(result.bodyBytes),
        workload.uploads,
        result.perSecond.toFixed(1),
        `${result.p50.toFixed(0)} ms`,
        `${result.cpuMsPerPhoto.toFixed(1)} ms`,
        ((cores * 1000) / result.cpuMsPerPhoto).toFixed(1),
        `${decodeCpuMs.toFixed(1)} ms`,
      ]);
    }
  }
  console.log(
    `\nPhoto ingest on this machine (${cores} cores, load average ${os.loadavg()[0]?.toFixed(1)} at the end); ${CLIENT_CONCURRENCY} uploads in flight; client and server in one process.` +
      `\n"photos/s" is wall clock (shared machine); "CPU per photo" counts this process's CPU only, so "photos/s, machine to itself" = ${cores} cores / CPU per photo.\n`,
  );
  printTable(
    ['photo', 'form', 'body per photo', 'uploads', 'photos/s', 'p50 latency', 'CPU per photo', 'photos/s, machine to itself', 'CPU: decode+encode only'],
    rows,
  );
} finally {
  await t.close();
}
