// npm run bench:load: real user journeys (sign in, list, create, upload, pair, open, thumbnail,
// export) against the real server on loopback, at 50 and then 200 concurrent clients, each level
// bounded in time. Prints req/s and p50/p99 per step, fails on any 5xx or network error, and
// afterwards checks that every acknowledged photo and pair is in the database and every photo's
// files are in the photo store.
//
// Options (environment): LOAD_SECONDS (per level, default 20), LOAD_LEVELS (default "50,200"),
// LOAD_DATABASE=postgres to run on a fresh database of TEST_POSTGRES_URL's server instead of the
// default embedded PGlite.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from '../../src/server/test-support/postgres-database.js';
import { openDatabase } from '../../src/server/db/client.js';
import { startServer } from '../../src/server/hardening/faults/server-process.js';
import { makePhotoJpeg } from '../../src/server/test-support/photo-fixtures.js';
import { runJourney, type Acknowledged } from './journey.js';
import { printTable, Recorder, summarize } from './stats.js';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const LEVELS = (process.env.LOAD_LEVELS ?? '50,200').split(',').map(Number);
const PASSWORD = 'load-test-password';


async function registerUsers(baseUrl: string, count: number, prefix: string): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, i) => `${prefix}-${i}@load.example.com`);
  let next = 0;
  const worker = async () => {
    while (next < emails.length) {
      const email = emails[next++];
      const response = await fetch(`${baseUrl}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD, confirmPassword: PASSWORD, businessName: 'Load Test Cleaning' }),
      });
      if (response.status !== 201) throw new Error(`register ${email}: ${response.status} ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return emails;
}

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-load-'));
  const postgres = process.env.LOAD_DATABASE === 'postgres' ? await createPostgresDatabase('cleanproof_load') : undefined;
  const server = await startServer({ dataDir, databaseUrl: postgres?.url });
  console.log(`server on ${server.url}, database ${postgres ? 'PostgreSQL' : 'PGlite'}, ${os.availableParallelism()} cores, ${SECONDS} s per level`);
  const photo = await makePhotoJpeg(1024, 768, { seed: 11 });
  console.log(`upload photo: 1024x768 JPEG, ${(photo.length / 1024).toFixed(0)} KB`);

  const acknowledged: Acknowledged = { photos: [], pairs: [] };
  let failures = 0;
  try {
    for (const clients of LEVELS) {
      const emails = await registerUsers(server.url, clients, `c${clients}-${Date.now().toString(36)}`);
      const recorder = new Recorder();
      const started = performance.now();
      const until = Date.now() + SECONDS * 1000;
      await Promise.all(emails.map((email) => runJourney({ baseUrl: server.url, email, password: PASSWORD, photo, until, recorder, acknowledged })));
      const seconds = (performance.now() - started) / 1000;
      const rows = summarize(recorder.samples, seconds);
      printTable(`${clients} concurrent clients, ${seconds.toFixed(1)} s`, rows);
      const all = rows.find((row) => row.step === 'all');
      if (all && all.serverErrors > 0) {
        failures += all.serverErrors;
        console.log(`!! ${all.serverErrors} responses were 5xx or network errors`);
      }
    }
  } finally {
    await server.kill('SIGTERM');
  }

  // Nothing acknowledged may be missing: rows in the database, files in the photo store.
  const database = await openDatabase({ databaseUrl: postgres?.url, pgliteDataDir: path.join(dataDir, 'db') });
  try {
    const photoRows = ((await database.db.execute('select id, storage_key, thumbnail_key from photos')) as unknown as { rows: { id: number; storage_key: string; thumbnail_key: string }[] }).rows;
    const pairRows = ((await database.db.execute('select id from photo_pairs')) as unknown as { rows: { id: number }[] }).rows;
    const photoIds = new Set(photoRows.map((row) => Number(row.id)));
    const pairIds = new Set(pairRows.map((row) => Number(row.id)));
    const missingPhotos = acknowledged.photos.filter((id) => !photoIds.has(id));
    const missingPairs = acknowledged.pairs.filter((id) => !pairIds.has(id));
    let missingFiles = 0;
    for (const row of photoRows) {
      for (const key of [row.storage_key, row.thumbnail_key]) {
        if (!(await fs.stat(path.join(dataDir, 'photos', key)).then((s) => s.size > 0, () => false))) missingFiles += 1;
      }
    }
    console.log(`\nafterwards: ${acknowledged.photos.length} photos and ${acknowledged.pairs.length} pairs acknowledged; ` +
      `${missingPhotos.length} photos and ${missingPairs.length} pairs missing from the database; ${missingFiles} of ${photoRows.length * 2} photo files missing from the store`);
    failures += missingPhotos.length + missingPairs.length + missingFiles;
  } finally {
    await database.close();
    await postgres?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  if (failures > 0) {
    console.log(`FAILED: ${failures} problems`);
    process.exitCode = 1;
  } else console.log('OK: zero 5xx, nothing lost');
}

await main();
