// Account export (GET /api/account/export): memory and speed on an account of ~2 GB of photos.
// The server runs as its own process (PostgreSQL, local photo store); the account is seeded
// cheaply: two real stored JPEGs, then thousands of photo rows (SQL), each with its own copy of one
// of the two files. Reports have 20 pairs, and one has 250 (the most a report holds): memory must
// not grow with a report's size either.
// Each export runs on a freshly started server, measured in one run:
//   - the server's RSS (VmRSS, sampled every 50 ms) before and at its peak during the export;
//   - the export's speed in photo MB/s, against reading the same files from the store directly
//     (the same local-folder PhotoStore and read order, 8 reads in flight, in this process, just
//     before each export, so both see the same load on the machine). Both find the photos in the
//     page cache, unless EXPORT_COLD=1: then every photo is dropped from the page cache
//     (posix_fadvise DONTNEED) before the raw read and again before the export, so both read the
//     disk;
//   - how long other requests wait meanwhile (GET /api/user, one after another).
// Interleaved with another checkout's server when BASELINE_DIR is set (same database and files), or
// with this checkout's in another environment when EXPORT_BASELINE_ENV is set.
//   npm run bench:export   (EXPORT_GB=0.5 for a shorter run, EXPORT_ROUNDS=3 for more rounds,
//   BASELINE_DIR=/path/to/old/checkout to compare, EXPORT_CHECK_ZIP=1 to test the last ZIP with
//   unzip -t and Python's zipfile, EXPORT_WARM_PDF=1 to have each server make one report.pdf
//   before the export: its RSS then no longer counts loading the PDF library and fonts once,
//   EXPORT_COLD=1 for a cold page cache (see above), EXPORT_MEMORY=1 to break the server's RSS
//   growth down (heap, external memory, garbage collections: bench/export-memory-probe.mjs),
//   EXPORT_STORE=s3 to keep the photos in a bucket on an S3 API server (s3rver, in its own process)
//   instead of a local folder: the raw read and the export then both fetch them from it,
//   EXPORT_SERVER_ENV="NAME=value ..." for more environment in this checkout's exporting server and
//   EXPORT_BASELINE_ENV="NAME=value ..." in the baseline's (this checkout again without BASELINE_DIR),
//   EXPORT_PROFILE_DIR=dir to write each exporting server's CPU profile there: bench/cpu-profile-probe.mjs)
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer, type ServerProcess } from '../src/server/hardening/faults/server-process.js';
import { createPostgresDatabase } from '../src/server/test-support/postgres-database.js';
import { makePhotoJpeg } from '../src/server/test-support/photo-fixtures.js';
import { registerUser, TestClient } from '../src/server/test-support/test-client.js';
import { createLocalFolderStore } from '../src/server/storage/local-folder-store.js';
import { createS3PhotoStore } from '../src/server/storage/s3-photo-store.js';
import { startS3Server } from '../src/server/test-support/s3-server.js';
import { readInOrder } from '../src/server/storage/read-in-order.js';
import { EXPORT_READ_AHEAD } from '../src/server/account-export/export-report.js';
import { cookieHeader, median, printTable } from './bench-support.js';

const TARGET_BYTES = Number(process.env.EXPORT_GB ?? '2') * 1024 ** 3;
const ROUNDS = Number(process.env.EXPORT_ROUNDS ?? '2');
const BASELINE_DIR = process.env.BASELINE_DIR;
const CHECK_ZIP = process.env.EXPORT_CHECK_ZIP === '1';
const COLD = process.env.EXPORT_COLD === '1';
const MEMORY = process.env.EXPORT_MEMORY === '1';
const S3 = process.env.EXPORT_STORE === 's3';
const PROFILE_DIR = process.env.EXPORT_PROFILE_DIR;
/** Modules each exporting server loads first: what it measures of itself. */
const probes = [...(MEMORY ? ['bench/export-memory-probe.mjs'] : []), ...(PROFILE_DIR ? ['bench/cpu-profile-probe.mjs'] : [])];
/** "NAME=value NAME=value" as an environment. */
const envOf = (pairs: string | undefined): Record<string, string> =>
  Object.fromEntries(
    (pairs ?? '')
      .split(' ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
/** More environment for this checkout's exporting server (allocator settings, for one), and for the baseline's. */
const SERVER_ENV = envOf(process.env.EXPORT_SERVER_ENV);
const BASELINE_ENV = process.env.EXPORT_BASELINE_ENV === undefined ? null : envOf(process.env.EXPORT_BASELINE_ENV);
if (S3 && COLD) throw new Error("EXPORT_COLD=1 drops files of a local photo folder; with EXPORT_STORE=s3 the photos are the S3 server's");
const PAIRS_PER_REPORT = 20;
const BIG_REPORT_PAIRS = 250;
const PORT = 5142;
const MB = 1024 * 1024;

/** CPU seconds the process has used (user + system, all its threads). */
async function cpuSecondsOf(pid: number): Promise<number> {
  const fields = (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  // utime and stime, fields 14 and 15 of stat (11 and 12 after the command name), in clock ticks.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds of each of the process's threads, by thread id. */
async function threadCpuOf(pid: number): Promise<Map<number, number>> {
  const threads = new Map<number, number>();
  for (const tid of await fs.readdir(`/proc/${pid}/task`)) {
    const stat = await fs.readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8').catch(() => null);
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    threads.set(Number(tid), (Number(fields[11]) + Number(fields[12])) / 100);
  }
  return threads;
}

/** What the main thread (its id is the process's) and the others (libuv's pool, V8's helpers) used between two readings. */
function threadCpuDelta(pid: number, before: Map<number, number>, after: Map<number, number>): string {
  let main = 0;
  let others = 0;
  for (const [tid, seconds] of after) {
    const used = seconds - (before.get(tid) ?? 0);
    if (tid === pid) main += used;
    else others += used;
  }
  return `main thread ${main.toFixed(2)} s, other threads ${others.toFixed(2)} s`;
}

async function rssOf(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/**
 * The same number of bytes sent by a bare Node HTTP server from memory (one 384 KB buffer written
 * over and over) to the same client: what this machine's loopback and HTTP cost allow at most.
 */
async function bareHttpSeconds(totalBytes: number): Promise<number> {
  const script = `
    const http = require('node:http');
    const chunk = Buffer.alloc(384 * 1024, 7);
    const server = http.createServer(async (request, response) => {
      let left = ${totalBytes};
      response.writeHead(200, { 'content-type': 'application/zip' });
      while (left > 0) {
        const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= part.length;
        if (!response.write(part)) await new Promise((resolve) => response.once('drain', resolve));
      }
      response.end();
    });
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve) => child.stdout.once('data', (data: Buffer) => resolve(Number(data.toString().trim()))));
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      http
        .get(`http://127.0.0.1:${port}/`, (response) => {
          response.on('data', () => undefined);
          response.on('end', resolve);
          response.on('error', reject);
        })
        .on('error', reject);
    });
    return (performance.now() - started) / 1000;
  } finally {
    child.kill();
  }
}

/** Drops the files from the page cache (written back first), so the next read comes from the disk. */
function dropFromPageCache(paths: string[]): void {
  execFileSync(
    'python3',
    [
      '-c',
      'import os, sys\nfor path in sys.stdin.read().split("\\n"):\n    fd = os.open(path, os.O_RDONLY)\n    os.fdatasync(fd)\n    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)\n    os.close(fd)',
    ],
    { input: paths.join('\n') },
  );
}

interface MemorySample {
  at: number;
  rss: number;
  heapTotal: number;
  heapUsed: number;
  newSpace: number;
  oldSpace: number;
  external: number;
  arrayBuffers: number;
  minorGcs: number;
  majorGcs: number;
  /** Main-thread pause of each kind, ms. */
  minorGcMs: number;
  majorGcMs: number;
}

/** The server's memory breakdown at its RSS peak during the export, against the last sample before it started. */
async function memoryBreakdown(file: string, startedAt: number): Promise<string> {
  const samples = (await fs.readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as MemorySample);
  const before = samples.filter((sample) => sample.at <= startedAt).at(-1) ?? samples[0]!;
  const during = samples.filter((sample) => sample.at > startedAt);
  const peak = during.reduce((top, sample) => (sample.rss > top.rss ? sample : top), before);
  const last = during.at(-1) ?? before;
  const delta = (key: keyof MemorySample) => `${(peak[key] - before[key]).toFixed(0)}`;
  const native = (sample: MemorySample) => sample.rss - sample.heapTotal - sample.external;
  return (
    `at the RSS peak: RSS +${delta('rss')} MB = V8 heap +${delta('heapTotal')} (old space +${delta('oldSpace')}, new space +${delta('newSpace')}; ` +
    `used ${before.heapUsed.toFixed(0)} -> ${peak.heapUsed.toFixed(0)}) + external +${delta('external')} (ArrayBuffers +${delta('arrayBuffers')}) + the rest +${(native(peak) - native(before)).toFixed(0)}; ` +
    `GCs during the export: ${last.minorGcs - before.minorGcs} minor (${(last.minorGcMs - before.minorGcMs).toFixed(0)} ms), ` +
    `${last.majorGcs - before.majorGcs} major (${(last.majorGcMs - before.majorGcMs).toFixed(0)} ms)`
  );
}

const uptime = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

interface ExportRun {
  server: string;
  mode: string;
  seconds: number;
  zipBytes: number;
  rssBefore: number;
  rssPeak: number;
  rawMbPerSecond: number;
  /** The server's CPU seconds during the export, and the raw read's (this process's). */
  serverCpuSeconds: number;
  rawCpuSeconds: number;
  /** The Export-Size-Estimate header. */
  estimate: number;
  /** Seconds a bare HTTP server takes to send as many bytes from memory, just after. */
  bareHttpSeconds: number;
  /** GET /api/user answer times during the export, ms. */
  otherRequests: number[];
  load: string;
}

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-export-bench-'));
  const database = await createPostgresDatabase('cleanproof_bench');
  const s3 = S3 ? await startS3Server() : null;
  const storeEnv = s3?.env ?? {};
  const sqlClient = new pg.Client({ connectionString: database.url });
  let server: ServerProcess | null = await startServer({ dataDir, databaseUrl: database.url, port: PORT, env: { TRUST_PROXY: '127.0.0.1', ...storeEnv } });
  try {
    await sqlClient.connect();
    const client = new TestClient(server.url);
    await registerUser(client, { businessName: 'Bench Cleaning' });
    const report = await client.post<{ id: number }>('/api/projects', { clientName: 'Seed', description: 'seed' });
    // What the app stores: 1024x768 JPEGs of a real scene's detail (noise-rich, so ~400 KB).
    for (const [type, seed] of [
      ['before', 1],
      ['after', 2],
    ] as const) {
      const upload = await client.post(`/api/projects/${report.body.id}/photos?type=${type}`, undefined, {
        raw: await makePhotoJpeg(1024, 768, { seed, quality: 95 }),
        headers: { 'content-type': 'image/jpeg' },
      });
      if (upload.status !== 201) throw new Error(`upload ${upload.status} ${upload.text}`);
    }
    await server.kill('SIGTERM');
    server = null;
    const { rows: seedPhotos } = await sqlClient.query<{
      type: string;
      storage_key: string;
      thumbnail_key: string;
      byte_size: number;
      sha256: string;
      business_id: number;
    }>(
      'select p.type, p.storage_key, p.thumbnail_key, p.byte_size, p.sha256, r.business_id from photos p join projects r on r.id = p.project_id order by p.id',
    );
    const pairBytes = seedPhotos[0]!.byte_size + seedPhotos[1]!.byte_size;
    const reports = Math.max(1, Math.ceil((TARGET_BYTES - pairBytes * BIG_REPORT_PAIRS) / (pairBytes * PAIRS_PER_REPORT)));
    // Reports of 20 pairs each and one of 250, every photo row pointing at one of the two stored
    // files (with its checksum, as photos stored today have).
    const insertReports = (count: number, pairs: number) =>
      sqlClient.query(
        `with new_reports as (
           insert into projects (business_id, client_name, description) select $1, 'Client ' || n, 'Weekly clean' from generate_series(1, $2) n returning id
         ), slots as (select r.id as project_id, s from new_reports r cross join generate_series(1, $3) s),
         befores as (insert into photos (project_id, type, storage_key, thumbnail_key, width, height, byte_size, sha256)
           select project_id, 'before', $4, $5, 1024, 768, $6, $10 from slots returning id, project_id),
         afters as (insert into photos (project_id, type, storage_key, thumbnail_key, width, height, byte_size, sha256)
           select project_id, 'after', $7, $8, 1024, 768, $9, $11 from slots returning id, project_id)
         insert into photo_pairs (project_id, before_photo_id, after_photo_id)
           select b.project_id, b.id, a.id from (select id, project_id, row_number() over (partition by project_id order by id) k from befores) b
           join (select id, project_id, row_number() over (partition by project_id order by id) k from afters) a on a.project_id = b.project_id and a.k = b.k`,
        [
          seedPhotos[0]!.business_id,
          count,
          pairs,
          seedPhotos[0]!.storage_key,
          seedPhotos[0]!.thumbnail_key,
          seedPhotos[0]!.byte_size,
          seedPhotos[1]!.storage_key,
          seedPhotos[1]!.thumbnail_key,
          seedPhotos[1]!.byte_size,
          seedPhotos[0]!.sha256,
          seedPhotos[1]!.sha256,
        ],
      );
    await insertReports(Math.floor(reports / 2), PAIRS_PER_REPORT);
    await insertReports(1, BIG_REPORT_PAIRS);
    await insertReports(reports - Math.floor(reports / 2), PAIRS_PER_REPORT);
    // Each row its own file (a copy of one of the two), as in a real account: reading the same
    // two files thousands of times would come from the CPU's cache, not the store.
    const { rows: copies } = await sqlClient.query<{ from_key: string; to_key: string }>(
      `update photos p set storage_key = 'projects/' || p.project_id || '/bench-' || p.id || '.jpg'
       from photos original where original.storage_key = p.storage_key and original.id = (select min(id) from photos where storage_key = p.storage_key) and p.id <> original.id
       returning original.storage_key as from_key, p.storage_key as to_key`,
    );
    const photosDir = path.join(dataDir, 'photos');
    const store = s3
      ? createS3PhotoStore({ bucket: s3.bucket, endpoint: s3.endpoint, region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey })
      : createLocalFolderStore(photosDir);
    const originals = new Map<string, Buffer>();
    for (let i = 0; i < copies.length; i += 16) {
      await Promise.all(
        copies.slice(i, i + 16).map(async ({ from_key, to_key }) => {
          if (s3) {
            if (!originals.has(from_key)) originals.set(from_key, (await store.get(from_key))!);
            await store.put(to_key, originals.get(from_key)!, 'image/jpeg');
            return;
          }
          await fs.mkdir(path.dirname(path.join(photosDir, to_key)), { recursive: true });
          await fs.copyFile(path.join(photosDir, from_key), path.join(photosDir, to_key));
        }),
      );
    }
    const { rows: keys } = await sqlClient.query<{ storage_key: string; byte_size: number }>(
      'select p.storage_key, p.byte_size from photos p join projects r on r.id = p.project_id order by r.id, p.created_at, p.id',
    );
    const photoBytes = keys.reduce((sum, row) => sum + row.byte_size, 0);
    console.log(
      `Account: ${reports + 2} reports (one of ${BIG_REPORT_PAIRS} pairs), ${keys.length} photos, ${(photoBytes / MB).toFixed(0)} MB of stored JPEGs (${seedPhotos[0]!.byte_size} and ${seedPhotos[1]!.byte_size} bytes each)`,
    );
    console.log(`Load average at the start: ${uptime()} (a shared 2-core machine)\n`);

    /** Reads every photo of the account from the store, as the export does (same order, as many in flight): photo MB/s. */
    const photoPaths = keys.map((row) => path.join(photosDir, row.storage_key));
    const rawRead = async () => {
      if (COLD) dropFromPageCache(photoPaths);
      const started = performance.now();
      const cpu = process.cpuUsage();
      for await (const { bytes } of readInOrder(store, keys, (row) => row.storage_key, EXPORT_READ_AHEAD)) if (!bytes) throw new Error('missing photo');
      const used = process.cpuUsage(cpu);
      return { mbPerSecond: photoBytes / MB / ((performance.now() - started) / 1000), cpuSeconds: (used.user + used.system) / 1e6 };
    };
    await rawRead(); // the page cache warm for everyone (unless EXPORT_COLD)

    /** One export over HTTP on a fresh server, read to the end as the app does. */
    const exportOnce = async (
      serverName: string,
      root: string | undefined,
      serverEnv: Record<string, string>,
      mode: string,
      saveTo?: string,
    ): Promise<ExportRun> => {
      const raw = await rawRead();
      const memoryFile = path.join(dataDir, `memory-${Date.now()}.jsonl`);
      const exporter = await startServer({
        dataDir,
        databaseUrl: database.url,
        port: PORT,
        root,
        env: {
          TRUST_PROXY: '127.0.0.1',
          ...storeEnv,
          ...serverEnv,
          ...(MEMORY ? { EXPORT_MEMORY_FILE: memoryFile } : {}),
          ...(PROFILE_DIR ? { CPU_PROFILE_DIR: path.resolve(PROFILE_DIR) } : {}),
          // Both probes may be asked for at once.
          ...(probes.length > 0 ? { NODE_OPTIONS: probes.map((probe) => `--import ${path.resolve(probe)}`).join(' ') } : {}),
        },
      });
      server = exporter;
      try {
        const headers = { ...cookieHeader(client), 'accept-encoding': 'gzip, deflate, br' };
        const ask = (url: string) => fetch(`${exporter.url}${url}`, { headers }).then(async (response) => [response.status, await response.text()] as const);
        // Warmed up as a server that has answered a request or two.
        for (let i = 0; i < 3; i++) await ask('/api/user');
        if (process.env.EXPORT_WARM_PDF === '1') {
          const rssCold = await rssOf(exporter.pid);
          const [status] = await ask(`/api/projects/${report.body.id + 1}/report.pdf`);
          console.log(`  warm-up report.pdf ${status}: RSS +${(((await rssOf(exporter.pid)) - rssCold) / MB).toFixed(0)} MB`);
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
        const rssBefore = await rssOf(exporter.pid);
        let rssPeak = rssBefore;
        let running = true;
        const sampler = (async () => {
          while (running) {
            // A server that died mid-export is reported by the export's own failure.
            rssPeak = Math.max(rssPeak, await rssOf(exporter.pid).catch(() => 0));
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        })();
        const otherRequests: number[] = [];
        const prober = (async () => {
          await new Promise((resolve) => setTimeout(resolve, 200));
          while (running) {
            const asked = performance.now();
            const [status] = await ask('/api/user');
            if (status !== 200) throw new Error(`GET /api/user during the export: ${status}`);
            if (running) otherRequests.push(performance.now() - asked);
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        })();
        if (COLD) dropFromPageCache(photoPaths);
        if (PROFILE_DIR) process.kill(exporter.pid, 'SIGUSR2');
        const threadsBefore = PROFILE_DIR ? await threadCpuOf(exporter.pid) : null;
        const cpuBefore = await cpuSecondsOf(exporter.pid);
        const startedAt = Date.now();
        const started = performance.now();
        // node:http rather than fetch: the client's own cost stays out of the server's figure.
        let estimate = NaN;
        const download = new Promise<number>((resolve, reject) => {
          http
            .get(`${exporter.url}/api/account/export`, { headers }, (response) => {
              if (response.statusCode !== 200) reject(new Error(`export: ${response.statusCode}`));
              if (response.headers['content-encoding']) reject(new Error(`export sent ${response.headers['content-encoding']}`));
              estimate = Number(response.headers['export-size-estimate']);
              let bytes = 0;
              const file = saveTo ? createWriteStream(saveTo) : null;
              response.on('data', (chunk: Buffer) => {
                bytes += chunk.length;
                if (file && !file.write(chunk)) {
                  response.pause();
                  file.once('drain', () => response.resume());
                }
              });
              response.on('end', () => (file ? file.end(() => resolve(bytes)) : resolve(bytes)));
              response.on('aborted', () => reject(new Error('the export was cut short')));
              response.on('error', reject);
            })
            .on('error', reject);
        });
        const zipBytes = await download.catch(async (error: unknown) => {
          running = false;
          await Promise.allSettled([sampler, prober]);
          throw new Error(`${serverName}, ${mode}: ${String(error)}\n${exporter.output().slice(-3000)}`);
        });
        const seconds = (performance.now() - started) / 1000;
        const serverCpuSeconds = (await cpuSecondsOf(exporter.pid)) - cpuBefore;
        if (threadsBefore) console.log(`  ${serverName}, ${mode}: server CPU: ${threadCpuDelta(exporter.pid, threadsBefore, await threadCpuOf(exporter.pid))}`);
        running = false;
        await Promise.all([sampler, prober]);
        if (MEMORY) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          console.log(`  ${serverName}, ${mode}: ${await memoryBreakdown(memoryFile, startedAt)}`);
        }
        return {
          server: serverName,
          mode,
          seconds,
          zipBytes,
          rssBefore,
          rssPeak,
          rawMbPerSecond: raw.mbPerSecond,
          serverCpuSeconds,
          rawCpuSeconds: raw.cpuSeconds,
          bareHttpSeconds: NaN,
          estimate,
          otherRequests,
          load: uptime(),
        };
      } finally {
        await exporter.kill('SIGTERM');
        server = null;
      }
    };
    const measure = async (serverName: string, root: string | undefined, serverEnv: Record<string, string>, mode: string): Promise<ExportRun> => {
      const run = await exportOnce(serverName, root, serverEnv, mode);
      return { ...run, bareHttpSeconds: await bareHttpSeconds(run.zipBytes) };
    };

    const servers: Array<{ name: string; root: string | undefined; env: Record<string, string> }> = [
      ...(BASELINE_DIR || BASELINE_ENV
        ? [{ name: BASELINE_DIR ? 'before (BASELINE_DIR)' : 'baseline (EXPORT_BASELINE_ENV)', root: BASELINE_DIR, env: BASELINE_ENV ?? {} }]
        : []),
      { name: 'this checkout', root: undefined, env: SERVER_ENV },
    ];
    const modes = [
      { name: 'with a PDF per report', businessName: 'Bench Cleaning' },
      // No business name: no report gets a PDF, so this is the ZIP streaming alone.
      { name: 'without PDFs (no business name)', businessName: null },
    ];
    const zipPath = path.join(dataDir, 'export.zip');
    const runs: ExportRun[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const mode of modes) {
        await sqlClient.query('update users set business_name = $1', [mode.businessName]);
        // Alternate which server goes first, so neither always gets the quieter moment.
        const order = round % 2 === 0 ? servers : [...servers].reverse();
        for (const { name, root, env } of order) {
          const run = await measure(name, root, env, mode.name);
          runs.push(run);
          console.log(
            `round ${round + 1}, ${name}, ${mode.name}: ${run.seconds.toFixed(1)} s, ${(photoBytes / MB / run.seconds).toFixed(0)} MB/s ` +
              `(raw read ${run.rawMbPerSecond.toFixed(0)} MB/s), server CPU ${run.serverCpuSeconds.toFixed(1)} s (raw read ${run.rawCpuSeconds.toFixed(1)} s), ` +
              `bare HTTP of the same bytes ${run.bareHttpSeconds.toFixed(1)} s, ZIP ${(run.zipBytes / MB).toFixed(0)} MB (estimated ${(run.estimate / MB).toFixed(0)}), RSS +${((run.rssPeak - run.rssBefore) / MB).toFixed(0)} MB, load ${run.load}`,
          );
        }
      }
    }
    if (CHECK_ZIP) {
      // One more export of this checkout (not counted above: it also writes the file), tested whole.
      await sqlClient.query('update users set business_name = $1', [modes[0]!.businessName]);
      const run = await exportOnce('this checkout', undefined, SERVER_ENV, modes[0]!.name, zipPath);
      const unzip = execFileSync('unzip', ['-tq', zipPath], { maxBuffer: 64 * MB })
        .toString()
        .trim();
      const python = execFileSync('python3', [
        '-c',
        'import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nbad = z.testzip()\nzip64 = sum(1 for i in z.infolist() if i.header_offset >= 2**32)\nprint(len(z.infolist()), "entries,", zip64, "past 4 GiB, bad:", bad)',
        zipPath,
      ])
        .toString()
        .trim();
      console.log(`ZIP of ${(run.zipBytes / MB).toFixed(0)} MB: unzip -tq: ${unzip}; Python zipfile: ${python}`);
      await fs.rm(zipPath, { force: true });
    }

    const rows: Array<Array<string>> = [];
    for (const mode of modes) {
      for (const { name } of servers) {
        const mine = runs.filter((run) => run.server === name && run.mode === mode.name);
        const speeds = mine.map((run) => photoBytes / MB / run.seconds);
        const ratios = mine.map((run) => photoBytes / MB / run.seconds / run.rawMbPerSecond);
        const vsBare = mine.map((run) => run.bareHttpSeconds / run.seconds);
        const ceilings = mine.map((run) => photoBytes / MB / run.bareHttpSeconds / run.rawMbPerSecond);
        const growth = mine.map((run) => (run.rssPeak - run.rssBefore) / MB);
        const cpu = mine.map((run) => run.serverCpuSeconds);
        const rawCpu = mine.map((run) => run.rawCpuSeconds);
        const waits = mine.flatMap((run) => run.otherRequests).sort((a, b) => a - b);
        const p99 = waits[Math.min(waits.length - 1, Math.floor(waits.length * 0.99))] ?? NaN;
        rows.push([
          `${mode.name}, ${name}`,
          `${median(speeds).toFixed(0)} MB/s (${speeds.map((speed) => speed.toFixed(0)).join(', ')})`,
          `${median(ratios).toFixed(2)}x (${ratios.map((ratio) => ratio.toFixed(2)).join(', ')})`,
          `${median(vsBare).toFixed(2)}x (${vsBare.map((ratio) => ratio.toFixed(2)).join(', ')})`,
          `${median(ceilings).toFixed(2)}x (${ceilings.map((ratio) => ratio.toFixed(2)).join(', ')})`,
          `${Math.max(...growth).toFixed(0)} MB (${growth.map((g) => g.toFixed(0)).join(', ')})`,
          `${median(cpu).toFixed(1)} s (raw read ${median(rawCpu).toFixed(1)} s)`,
          `${median(waits).toFixed(0)} / ${p99.toFixed(0)} / ${Math.max(...waits).toFixed(0)} ms`,
          `${(median(mine.map((run) => run.zipBytes)) / MB).toFixed(0)} MB`,
        ]);
      }
    }
    console.log(
      `\nMedian of ${ROUNDS} rounds (each run in brackets). Targets: RSS growth <= 64 MB; >= 0.5x the raw store read (the same files through the same PhotoStore, just before each export; ` +
        (S3
          ? 'photos in a bucket on an S3 API server (s3rver) on this machine, fetched from it by both).'
          : `page cache ${COLD ? 'cold for both: every photo dropped from it before each' : 'warm for both'}).`) +
        `\n"vs bare HTTP": the time a bare Node server takes to send as many bytes from memory to the same client, over the export's.` +
        `\n"bare HTTP vs raw read": that bare server's speed in photo MB/s against the raw read: what a Node server doing nothing but sending the ZIP's bytes would score.`,
    );
    printTable(
      [
        'export',
        'photo MB/s',
        'vs raw read',
        'vs bare HTTP',
        'bare HTTP vs raw read',
        'RSS growth, worst',
        'server CPU',
        'GET /api/user meanwhile p50 / p99 / max',
        'ZIP size',
      ],
      rows,
    );
    console.log(`\nLoad average at the end: ${uptime()}`);
  } finally {
    await sqlClient.end().catch(() => undefined);
    await server?.kill('SIGTERM');
    await database.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
    await s3?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
