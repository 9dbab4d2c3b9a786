// npm run bench:load: real user journeys (sign in, list, create, upload, pair, open, thumbnail,
// export) against the real server on loopback, at 50 and then 200 concurrent clients, each level
// bounded in time. Prints req/s and p50/p99 per step, fails on any 5xx or network error (a 429 or
// 503 with Retry-After, the bounded queues' "later", is counted apart, waited out and retried as the
// app's outbox does), and
// afterwards checks that every acknowledged photo and pair is in the database and every photo's
// files are in the photo store. Each virtual user is a visitor at an address of its own, as a
// reverse proxy reports it (the server trusts loopback as its proxy), so per-address limits see
// many visitors, as in life.
//
// Options (environment): LOAD_SECONDS (per level, default 20), LOAD_LEVELS (default "50,200"),
// LOAD_DATABASE=postgres to run on a fresh database of TEST_POSTGRES_URL's server instead of the
// default embedded PGlite. LOAD_FLEET=1: one server, then two servers, each behind
// nginx, on one PostgreSQL, one Redis and one photo folder, side by side in one run; prints the
// throughput ratio.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { createPostgresDatabase } from '../../src/server/test-support/postgres-database.js';
import { openDatabase } from '../../src/server/db/client.js';
import { startServer, type ServerProcess } from '../../src/server/hardening/faults/server-process.js';
import { freePort } from '../../src/server/hardening/faults/private-postgres.js';
import { startNginxProxy, type NginxProxy } from '../../src/server/test-support/nginx-proxy.js';
import { makePhotoJpeg } from '../../src/server/test-support/photo-fixtures.js';
import { runJourney, type Acknowledged } from './journey.js';
import { printTable, Recorder, summarize } from './stats.js';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const LEVELS = (process.env.LOAD_LEVELS ?? '50,200').split(',').map(Number);
const FLEET = process.env.LOAD_FLEET === '1';
const PASSWORD = 'load-test-password';

let visitors = 0;
/** A documentation-range address of its own for each virtual visitor. */
function visitorAddress(): string {
  visitors += 1;
  return `198.18.${(visitors >> 8) % 256}.${visitors % 256}`;
}

async function registerUsers(baseUrl: string, count: number, prefix: string): Promise<{ email: string; address: string }[]> {
  const users = Array.from({ length: count }, (_, i) => ({ email: `${prefix}-${i}@load.example.com`, address: visitorAddress() }));
  let next = 0;
  const worker = async () => {
    while (next < users.length) {
      const { email, address } = users[next++]!;
      const response = await fetch(`${baseUrl}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': address },
        body: JSON.stringify({ email, password: PASSWORD, confirmPassword: PASSWORD, businessName: 'Load Test Cleaning' }),
      });
      if (response.status !== 201) throw new Error(`register ${email}: ${response.status} ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return users;
}

interface LevelResult {
  clients: number;
  perSecond: number;
  serverErrors: number;
}

/** Runs every level against baseUrl; returns each level's overall req/s and 5xx count. */
async function runLevels(label: string, baseUrl: string, photo: Buffer, acknowledged: Acknowledged): Promise<LevelResult[]> {
  const results: LevelResult[] = [];
  for (const clients of LEVELS) {
    const users = await registerUsers(baseUrl, clients, `c${clients}-${Date.now().toString(36)}`);
    const recorder = new Recorder();
    const started = performance.now();
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(
      users.map((user) => runJourney({ baseUrl, email: user.email, address: user.address, password: PASSWORD, photo, until, recorder, acknowledged })),
    );
    const seconds = (performance.now() - started) / 1000;
    const rows = summarize(recorder.samples, seconds);
    printTable(`${label}: ${clients} concurrent clients, ${seconds.toFixed(1)} s`, rows);
    const all = rows.find((row) => row.step === 'all');
    if (all && all.later > 0) console.log(`${all.later} answers were 429 or 503 with Retry-After: waited out and sent again, as the app does`);
    if (all && all.serverErrors > 0) console.log(`!! ${all.serverErrors} responses were 5xx (without Retry-After) or network errors`);
    results.push({ clients, perSecond: all?.perSecond ?? 0, serverErrors: all?.serverErrors ?? 0 });
  }
  return results;
}

/** Nothing acknowledged may be missing: rows in the database, files in the photo store. */
async function countLost(acknowledged: Acknowledged, databaseUrl: string | undefined, dataDir: string, photoRoot: string): Promise<number> {
  const database = await openDatabase({ databaseUrl, pgliteDataDir: path.join(dataDir, 'db') });
  try {
    const photoRows = (
      (await database.db.execute('select id, storage_key, thumbnail_key from photos')) as unknown as {
        rows: { id: number; storage_key: string; thumbnail_key: string }[];
      }
    ).rows;
    const pairRows = ((await database.db.execute('select id from photo_pairs')) as unknown as { rows: { id: number }[] }).rows;
    const photoIds = new Set(photoRows.map((row) => Number(row.id)));
    const pairIds = new Set(pairRows.map((row) => Number(row.id)));
    const missingPhotos = acknowledged.photos.filter((id) => !photoIds.has(id));
    const missingPairs = acknowledged.pairs.filter((id) => !pairIds.has(id));
    let missingFiles = 0;
    for (const row of photoRows) {
      for (const key of [row.storage_key, row.thumbnail_key]) {
        if (
          !(await fs.stat(path.join(photoRoot, key)).then(
            (s) => s.size > 0,
            () => false,
          ))
        )
          missingFiles += 1;
      }
    }
    console.log(
      `\nafterwards: ${acknowledged.photos.length} photos and ${acknowledged.pairs.length} pairs acknowledged; ` +
        `${missingPhotos.length} photos and ${missingPairs.length} pairs missing from the database; ${missingFiles} of ${photoRows.length * 2} photo files missing from the store`,
    );
    return missingPhotos.length + missingPairs.length + missingFiles;
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-load-'));
  const postgres = FLEET || process.env.LOAD_DATABASE === 'postgres' ? await createPostgresDatabase('cleanproof_load') : undefined;
  const photo = await makePhotoJpeg(1024, 768, { seed: 11 });
  const acknowledged: Acknowledged = { photos: [], pairs: [] };
  const running: ServerProcess[] = [];
  const proxies: NginxProxy[] = [];
  let failures = 0;
  console.log(
    `${os.availableParallelism()} cores, ${SECONDS} s per level, database ${postgres ? 'PostgreSQL' : 'PGlite'}; upload photo: 1024x768 JPEG, ${(photo.length / 1024).toFixed(0)} KB`,
  );
  try {
    if (!FLEET) {
      const server = await startServer({ dataDir, databaseUrl: postgres?.url, env: { TRUST_PROXY: '127.0.0.1' } });
      running.push(server);
      failures += sum(await runLevels('one server', server.url, photo, acknowledged));
    } else {
      // The fleet runs the built server (as npm run start:prod does): build it now, never measure a stale one.
      execFileSync('npx', ['tsc', '-p', 'tsconfig.server.json'], { stdio: 'inherit' });
      // Both set-ups share the parts a fleet shares, and each sits behind nginx, so the only
      // difference measured is the number of app servers.
      const redis = new Redis('redis://127.0.0.1:6379/15');
      await redis.flushdb();
      redis.disconnect();
      const shared = { databaseUrl: postgres?.url, photoDir: path.join(dataDir, 'shared') };
      const fleetOf = async (count: number) => {
        const proxyPort = await freePort();
        // Two trusted hops: the visitors' own X-Forwarded-For stands for a CDN in front of nginx.
        const env = { TRUST_PROXY: '2', REDIS_URL: 'redis://127.0.0.1:6379/15', APP_URL: `http://127.0.0.1:${proxyPort}` };
        const servers = await Promise.all(
          Array.from({ length: count }, () => startServer({ dataDir: shared.photoDir, databaseUrl: shared.databaseUrl, entry: 'built', env })),
        );
        running.push(...servers);
        const proxy = await startNginxProxy(Object.fromEntries(servers.map((server, i) => [`s${i}`, server.url])), { port: proxyPort });
        proxies.push(proxy);
        return { proxy, servers };
      };
      const one = await fleetOf(1);
      const single = await runLevels('one server behind nginx', one.proxy.url, photo, acknowledged);
      for (const server of one.servers) await server.kill('SIGTERM');
      const two = await fleetOf(2);
      const pair = await runLevels('two servers behind nginx', two.proxy.url, photo, acknowledged);
      failures += sum(single) + sum(pair);
      console.log('\nthroughput (all steps, req/s): one server vs two servers behind nginx');
      for (const [i, level] of single.entries()) {
        const other = pair[i]!;
        console.log(
          `  ${String(level.clients).padStart(4)} clients: ${level.perSecond.toFixed(1)} vs ${other.perSecond.toFixed(1)}  (ratio ${(other.perSecond / level.perSecond).toFixed(2)})`,
        );
      }
      const metrics = await fetch(`${two.servers[0]!.url}/metrics`).then((response) => response.text());
      await fs.writeFile(path.join(os.tmpdir(), 'cleanproof-load-metrics.txt'), metrics);
      console.log(`\n/metrics of one server after the load: ${path.join(os.tmpdir(), 'cleanproof-load-metrics.txt')}`);
    }
  } finally {
    for (const server of running) await server.kill('SIGTERM');
    for (const proxy of proxies) await proxy.stop();
  }
  failures += await countLost(acknowledged, postgres?.url, dataDir, FLEET ? path.join(dataDir, 'shared', 'photos') : path.join(dataDir, 'photos'));
  await postgres?.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
  if (failures > 0) {
    console.log(`FAILED: ${failures} problems`);
    process.exitCode = 1;
  } else console.log('OK: zero 5xx, nothing lost');
}

const sum = (results: LevelResult[]) => results.reduce((total, level) => total + level.serverErrors, 0);

await main();
