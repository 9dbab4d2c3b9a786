// The fleet: two built servers (what npm run start:prod runs) behind a real reverse
// proxy (nginx) on loopback with TRUST_PROXY=1, sharing one PostgreSQL, one Redis and one S3 API
// server. A user works through the proxy with requests landing on either server; the login limit
// is one budget for both; start-up jobs run once; killing a server mid-upload loses no
// acknowledged photo and the sweep leaves no orphan; /readyz follows PostgreSQL.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { ORPHAN_MIN_AGE_MS, sweepOrphanPhotoFiles } from '../../photos/orphan-sweeper.js';
import { createPhotoStore } from '../../storage/create-photo-store.js';
import { makePhotoJpeg } from '../../test-support/photo-fixtures.js';
import { startNginxProxy, type NginxProxy } from '../../test-support/nginx-proxy.js';
import { startS3Server, type S3TestServer } from '../../test-support/s3-server.js';
import { RATE_LIMITS } from '../../lib/rate-limit-rules.js';
import { freePort, startPrivatePostgres, type PrivatePostgres } from './private-postgres.js';
import { Session, startServer, type ServerProcess } from './server-process.js';

const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'correct horse';

let postgres: PrivatePostgres;
let databaseUrl: string;
let s3: S3TestServer;
let proxy: NginxProxy;
let redisUrl: string;
const servers: Record<'a' | 'b', ServerProcess | undefined> = { a: undefined, b: undefined };
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-fleet-'));

beforeAll(async () => {
  const built = await fs.stat('dist/server/main.js').then(
    () => true,
    () => false,
  );
  if (!built) throw new Error('dist/server/main.js is missing: run `npm run build:server` first (npm run test:faults does)');
  postgres = await startPrivatePostgres();
  databaseUrl = await postgres.createDatabase('cleanproof_fleet');
  s3 = await startS3Server();
  // A Redis database of this run's own, emptied, so no earlier run's counters are in the way.
  redisUrl = `${REDIS}/${1 + Math.floor(Math.random() * 15)}`;
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  redis.disconnect();

  const proxyPort = await freePort();
  const env = { REDIS_URL: redisUrl, TRUST_PROXY: '1', APP_URL: `http://127.0.0.1:${proxyPort}`, LOG_LEVEL: 'warn', ...s3.env };
  const [a, b] = await Promise.all([
    startServer({ dataDir: path.join(dataDir, 'a'), databaseUrl, entry: 'built', env }),
    startServer({ dataDir: path.join(dataDir, 'b'), databaseUrl, entry: 'built', env }),
  ]);
  Object.assign(servers, { a, b });
  proxy = await startNginxProxy({ a: a.url, b: b.url }, { port: proxyPort });
}, 180_000);

afterAll(async () => {
  for (const server of Object.values(servers)) await server?.kill('SIGKILL');
  await proxy?.stop();
  await s3?.stop();
  await postgres?.destroy();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const via = (server: 'a' | 'b') => ({ 'x-test-upstream': server });

async function query<T>(statement: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(statement)).rows as T[];
  } finally {
    await client.end();
  }
}

async function signedIn(email: string): Promise<Session> {
  const session = new Session(proxy.url);
  const registered = await session.request('POST', '/api/register', { email, password: PASSWORD, confirmPassword: PASSWORD, businessName: 'Fleet Cleaning' });
  expect(registered.status, registered.text).toBe(201);
  return session;
}

it('runs each start-up job once although both servers started together', async () => {
  let runs: { name: string; run_count: number }[] = [];
  for (let i = 0; i < 100; i++) {
    runs = await query<{ name: string; run_count: number }>('select name, run_count from job_runs order by name');
    if (runs.length >= 2) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(runs).toEqual([
    { name: 'orphan photo sweep', run_count: 1 },
    { name: 'sandbox billing periods', run_count: 1 },
  ]);
});

it('serves one user through the proxy: upload through A, read through B, export the PDF', async () => {
  const user = await signedIn(`fleet-${Date.now()}@example.com`);
  const created = await user.request('POST', '/api/projects', { clientName: 'Fleet Street 1' }, undefined, via('a'));
  expect(created.status).toBe(201);
  const projectId = (created.json as { id: number }).id;
  const photo = await makePhotoJpeg(1024, 768, { seed: 31 });
  const ids: number[] = [];
  for (const type of ['before', 'after']) {
    const uploaded = await user.request(
      'POST',
      `/api/projects/${projectId}/photos?type=${type}`,
      undefined,
      { bytes: photo, contentType: 'image/jpeg' },
      via('a'),
    );
    expect(uploaded.status, uploaded.text).toBe(201);
    ids.push((uploaded.json as { id: number }).id);
  }
  const report = await user.request('GET', `/api/projects/${projectId}?images=url`, undefined, undefined, via('b'));
  expect((report.json as { photos: { id: number }[] }).photos.map((p) => p.id)).toEqual(ids);
  expect((await user.request('GET', `/api/photos/${ids[0]}/image`, undefined, undefined, via('b'))).status).toBe(200);
  expect(
    (await user.request('POST', `/api/projects/${projectId}/photo-pairs`, { beforePhotoId: ids[0], afterPhotoId: ids[1] }, undefined, via('b'))).status,
  ).toBe(201);
  const pdf = await user.request('GET', `/api/projects/${projectId}/report.pdf`);
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get('content-type')).toBe('application/pdf');
  expect(pdf.text.startsWith('%PDF-')).toBe(true);
});

it('shares the login limit: the attempts after the budget fail on either server', async () => {
  const email = `locked-${Date.now()}@example.com`;
  await signedIn(email);
  const { max } = RATE_LIMITS.loginFailuresPerAccount;
  for (let i = 0; i < max; i++) {
    const wrong = await new Session(proxy.url).request('POST', '/api/login', { email, password: `wrong-${i}` }, undefined, via(i % 2 ? 'a' : 'b'));
    expect(wrong.status).toBe(401);
  }
  // The 11th try fails on both servers, even with the right password.
  for (const server of ['a', 'b'] as const)
    expect((await new Session(proxy.url).request('POST', '/api/login', { email, password: PASSWORD }, undefined, via(server))).status).toBe(401);
});

it('loses no acknowledged photo when server A is killed mid-upload, and the sweep leaves no orphan', async () => {
  const user = await signedIn(`kill-${Date.now()}@example.com`);
  const projectId = ((await user.request('POST', '/api/projects', { clientName: 'Crash Lane 2' })).json as { id: number }).id;
  const photo = await makePhotoJpeg(1024, 768, { seed: 32 });
  const acknowledged: number[] = [];
  let killed = false;
  const uploader = async () => {
    while (!killed) {
      const answer = await user
        .request('POST', `/api/projects/${projectId}/photos?type=before`, undefined, { bytes: photo, contentType: 'image/jpeg' }, via('a'))
        .catch(() => undefined);
      if (answer?.status === 201) acknowledged.push((answer.json as { id: number }).id);
    }
  };
  const running = [uploader(), uploader(), uploader(), uploader()];
  while (acknowledged.length < 8) await new Promise((resolve) => setTimeout(resolve, 5));
  killed = true;
  await servers.a!.kill('SIGKILL');
  servers.a = undefined;
  await Promise.all(running);

  // Every acknowledged photo is there, read through the proxy (which now has only B).
  const report = await user.request('GET', `/api/projects/${projectId}?images=url`);
  expect(report.status).toBe(200);
  expect((report.json as { photos: { id: number }[] }).photos.map((p) => p.id)).toEqual(expect.arrayContaining(acknowledged));
  for (const id of acknowledged) expect((await user.request('GET', `/api/photos/${id}/thumbnail`)).status).toBe(200);

  // A later sweep (as when its period comes, the files by then old enough) leaves exactly the files rows point at.
  const config = loadConfig({ DATA_DIR: dataDir, ...s3.env });
  const store = createPhotoStore(config);
  const database = await openDatabase({ databaseUrl });
  try {
    await sweepOrphanPhotoFiles({ db: database.db, photoStore: store }, { now: new Date(Date.now() + ORPHAN_MIN_AGE_MS + 60_000) });
    const rows = await query<{ storage_key: string; thumbnail_key: string }>('select storage_key, thumbnail_key from photos');
    const stored: string[] = [];
    for await (const page of store.list('projects/')) stored.push(...page.map((file) => file.key));
    expect(stored.sort()).toEqual(rows.flatMap((row) => [row.storage_key, row.thumbnail_key]).sort());
  } finally {
    await database.close();
  }
}, 120_000);

it('answers /readyz 503 while PostgreSQL is stopped, and 200 once it is back', async () => {
  const ready = async () => (await fetch(`${servers.b!.url}/readyz`)).status;
  expect(await ready()).toBe(200);
  await postgres.stop();
  try {
    expect(await ready()).toBe(503);
  } finally {
    await postgres.start();
  }
  let status = await ready();
  for (let i = 0; i < 50 && status !== 200; i++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    status = await ready();
  }
  expect(status).toBe(200);
}, 60_000);
