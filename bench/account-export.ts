// Account export (GET /api/account/export): memory and speed on an account of ~2 GB of photos.
// The server runs as its own process (PostgreSQL, local photo store); the account is seeded
// cheaply: two real stored JPEGs, then thousands of photo rows pointing at them (SQL), so the
// export reads ~2 GB from the store while the disk holds two files. Measured in one run:
//   - the server's RSS (VmRSS, sampled every 50 ms) before and during the export;
//   - the export's speed in photo MB/s, against reading the same files from the store directly.
//   npm run bench:export   (EXPORT_GB=0.5 for a shorter run)
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../src/server/db/schema.js';
import type { Database } from '../src/server/db/client.js';
import { writeAccountExport } from '../src/server/account-export/account-export.service.js';
import { createZipWriter } from '../src/server/lib/zip-writer.js';
import { startServer } from '../src/server/hardening/faults/server-process.js';
import { createPostgresDatabase } from '../src/server/test-support/postgres-database.js';
import { makePhotoJpeg } from '../src/server/test-support/photo-fixtures.js';
import { registerUser, TestClient } from '../src/server/test-support/test-client.js';
import { createLocalFolderStore } from '../src/server/storage/local-folder-store.js';
import { readInOrder } from '../src/server/storage/read-in-order.js';
import { cookieHeader, printTable } from './bench-support.js';

const TARGET_BYTES = Number(process.env.EXPORT_GB ?? '2') * 1024 ** 3;
const PAIRS_PER_REPORT = 20;
const PORT = 5142;
const MB = 1024 * 1024;

async function rssOf(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** Seconds to write the (only) account's export into a sink that takes everything at once. */
async function exportInProcess(databaseUrl: string, photosFolder: string): Promise<number> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const db = drizzle(pool, { schema }) as unknown as Database;
    const [user] = await db.select().from(schema.users).limit(1);
    const sink = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    const started = performance.now();
    await writeAccountExport({ db, photoStore: createLocalFolderStore(photosFolder), clock: () => new Date() }, user!, createZipWriter(sink));
    return (performance.now() - started) / 1000;
  } finally {
    await pool.end();
  }
}

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-export-bench-'));
  const database = await createPostgresDatabase('cleanproof_bench');
  const server = await startServer({ dataDir, databaseUrl: database.url, port: PORT, env: { TRUST_PROXY: '127.0.0.1' } });
  const sqlClient = new pg.Client({ connectionString: database.url });
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
    const reports = Math.ceil(TARGET_BYTES / (pairBytes * PAIRS_PER_REPORT));
    // Reports of 20 pairs each, every photo row pointing at one of the two stored files (with its checksum, as photos stored today have).
    await sqlClient.query(
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
        reports,
        PAIRS_PER_REPORT,
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
    const { rows: keys } = await sqlClient.query<{ storage_key: string; byte_size: number }>(
      'select p.storage_key, p.byte_size from photos p join projects r on r.id = p.project_id order by r.id, p.created_at, p.id',
    );
    const photoBytes = keys.reduce((sum, row) => sum + row.byte_size, 0);
    console.log(
      `Account: ${reports + 1} reports, ${keys.length} photos, ${(photoBytes / MB).toFixed(0)} MB of stored JPEGs (${seedPhotos[0]!.byte_size} and ${seedPhotos[1]!.byte_size} bytes each)\n`,
    );

    const store = createLocalFolderStore(path.join(dataDir, 'photos'));
    const rawRead = async () => {
      const started = performance.now();
      let bytes = 0;
      for await (const { bytes: content } of readInOrder(store, keys, (row) => row.storage_key)) bytes += content?.length ?? 0;
      return { seconds: (performance.now() - started) / 1000, bytes };
    };
    await rawRead(); // the page cache warm for both
    const rawBefore = await rawRead();

    /** One export over HTTP, read to the end as the app does: time, ZIP size and the server's RSS before and at its peak. */
    const exportOnce = async () => {
      const rssBefore = await rssOf(server.pid);
      let rssPeak = rssBefore;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          rssPeak = Math.max(rssPeak, await rssOf(server.pid));
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      const started = performance.now();
      // node:http rather than fetch: the client's own cost stays out of the server's figure.
      const zipBytes = await new Promise<number>((resolve, reject) => {
        http
          .get(`${server.url}/api/account/export`, { headers: cookieHeader(client) }, (response) => {
            if (response.statusCode !== 200) reject(new Error(`export: ${response.statusCode}`));
            let bytes = 0;
            response.on('data', (chunk: Buffer) => (bytes += chunk.length));
            response.on('end', () => resolve(bytes));
            response.on('error', reject);
          })
          .on('error', reject);
      });
      const seconds = (performance.now() - started) / 1000;
      sampling = false;
      await sampler;
      return { seconds, zipBytes, rssBefore, rssPeak };
    };

    const withPdfs = await exportOnce();
    // The same account without a business name: no report gets a PDF, so this is the ZIP streaming alone.
    await sqlClient.query('update users set business_name = null');
    const withoutPdfs = await exportOnce();
    // And the export's own work without HTTP or a second process: the same writer into a sink, in this process.
    const inProcess = await exportInProcess(database.url, path.join(dataDir, 'photos'));
    const rawAfter = await rawRead();

    const rawSeconds = (rawBefore.seconds + rawAfter.seconds) / 2;
    const rawSpeed = photoBytes / MB / rawSeconds;
    const rows = (name: string, run: Awaited<ReturnType<typeof exportOnce>>) => {
      const speed = photoBytes / MB / run.seconds;
      return [
        [
          `export ${name}: photo MB/s`,
          `${speed.toFixed(0)} MB/s (${run.seconds.toFixed(1)} s, ${(speed / rawSpeed).toFixed(2)}x the raw read; target >= 0.5x)`,
        ],
        [`export ${name}: ZIP size`, `${(run.zipBytes / MB).toFixed(0)} MB`],
        [
          `export ${name}: server RSS growth`,
          `${((run.rssPeak - run.rssBefore) / MB).toFixed(0)} MB (${(run.rssBefore / MB).toFixed(0)} -> ${(run.rssPeak / MB).toFixed(0)} MB; target <= 64 MB)`,
        ],
      ];
    };
    printTable(
      ['measure', 'value'],
      [
        ['raw store read (same files, same order, 4 in flight)', `${rawSpeed.toFixed(0)} MB/s (${rawSeconds.toFixed(1)} s)`],
        ...rows('with a PDF per report', withPdfs),
        ...rows('without PDFs (no business name)', withoutPdfs),
        [
          'writer alone without PDFs (this process, no HTTP)',
          `${(photoBytes / MB / inProcess).toFixed(0)} MB/s (${inProcess.toFixed(1)} s, ${(photoBytes / MB / inProcess / rawSpeed).toFixed(2)}x the raw read)`,
        ],
      ],
    );
  } finally {
    await sqlClient.end().catch(() => undefined);
    await server.kill('SIGTERM');
    await database.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
