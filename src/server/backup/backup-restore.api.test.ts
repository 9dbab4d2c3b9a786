// npm run backup against a running server with data, then npm run restore into a fresh DATA_DIR
// or PostgreSQL database and photo store: every row of every table, every stored byte (photos, the
// logo, the client's issue photo and signature) and every link comes back.
// Runs on PGlite and (TEST_DATABASE=postgres) PostgreSQL, with photos in a folder or (TEST_PHOTO_STORE=s3)
// in an S3 bucket.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createPhotoStore } from '../storage/create-photo-store.js';
import { sweepOrphanPhotoFiles, ORPHAN_MIN_AGE_MS } from '../photos/orphan-sweeper.js';
import { startTestApp, testDatabaseKind, testPhotoStoreKind, type TestApp } from '../test-support/test-app.js';
import { startS3Server } from '../test-support/s3-server.js';
import { createPostgresDatabase, type ThrowawayDatabase } from '../test-support/postgres-database.js';
import { ownerWithSharedReport, type SharedFixture } from '../test-support/share-link-helpers.js';
import { addPhoto, listPhotoFiles } from '../test-support/project-helpers.js';
import { makePhotoJpeg, toDataUrl } from '../test-support/photo-fixtures.js';
import { invite, join } from '../test-support/crew-helpers.js';
import sharp from 'sharp';
import { readZip } from '../test-support/zip-reading.js';
import { runBackup } from './backup.js';
import { runRestore } from './restore.js';
import { BackupError, BackupManifestSchema } from './manifest.js';

/** The server's own bookkeeping, written again by the restored server when it starts (its periodic jobs). */
const NOT_COMPARED = new Set(['job_runs']);

/** Every row of every table of the database (but NOT_COMPARED), each table's rows in one order. */
async function tableRows(t: TestApp): Promise<Record<string, string[]>> {
  const tables = await t.query<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const rows: Record<string, string[]> = {};
  for (const { name } of tables) {
    if (NOT_COMPARED.has(name)) continue;
    const read = await t.query<Record<string, unknown>>(sql`select * from ${sql.identifier(name)}`);
    rows[name] = read.map((row) => JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))).sort();
  }
  return rows;
}

/** What a business has besides reports: its client's answers on the link (an issue with a photo, an approval with a signature), a client, its own template and a crew member. */
async function addBusinessData(t: TestApp, shared: SharedFixture): Promise<void> {
  const { owner } = shared;
  const project = await owner.get<{ photoPairs: { id: number }[] }>(`/api/projects/${shared.project.id}?images=url`);
  const visitor = t.client();
  const issue = await visitor.post(`/api/shared/${shared.link.token}/issues`, {
    pairId: project.body.photoPairs[0]!.id,
    x: 0.5,
    y: 0.5,
    note: 'A smear on the glass',
    photo: toDataUrl(await makePhotoJpeg(64, 48, { seed: 7 })),
  });
  expect(issue.status, issue.text).toBe(201);
  const signature = await sharp({ create: { width: 200, height: 80, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0 } } })
    .png()
    .toBuffer();
  const approval = await visitor.post(`/api/shared/${shared.link.token}/approval`, { name: 'Jane Client', signature: toDataUrl(signature, 'image/png') });
  expect(approval.status, approval.text).toBe(201);
  expect((await owner.post('/api/clients', { name: 'Zoë Client', email: 'zoe@example.com' })).status).toBe(201);
  expect((await owner.post('/api/templates', { name: 'Garage job', areas: [{ name: 'Garage', minBefore: 1, minAfter: 1 }] })).status).toBe(201);
  await join(t, await invite(owner, 'cleaner', 'Ana'), { name: 'Ana' });
}

async function storeFiles(t: TestApp): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const key of await listPhotoFiles(t)) files.set(key, (await t.deps.photoStore.get(key))!);
  return files;
}

let source: TestApp;
let fixture: SharedFixture;
let work: string;
const cleanups: Array<() => Promise<unknown>> = [];

/** An empty target: a DATA_DIR, on PostgreSQL an empty database, on S3 an empty bucket (on an S3 server of its own). */
async function emptyTarget(): Promise<{ dataDir: string; database?: ThrowawayDatabase; env: Record<string, string> }> {
  const dataDir = await fs.mkdtemp(path.join(work, 'target-'));
  const database = testDatabaseKind === 'postgres' ? await createPostgresDatabase() : undefined;
  if (database) cleanups.push(() => database.drop());
  const bucket = testPhotoStoreKind === 's3' ? await startS3Server({ bucket: 'restored' }) : undefined;
  if (bucket) cleanups.push(() => bucket.stop());
  return { dataDir, database, env: { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}), ...bucket?.env } };
}

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-backup-test-'));
  source = await startTestApp();
  fixture = await ownerWithSharedReport(source, { pairCount: 2 });
  const logo = await fixture.owner.post('/api/user/logo', undefined, {
    raw: await makePhotoJpeg(120, 60, { seed: 5 }),
    headers: { 'content-type': 'image/jpeg' },
  });
  expect(logo.status).toBe(200);
  const upgrade = await fixture.owner.post<{ clientSecret: string }>('/api/upgrade-subscription');
  expect((await fixture.owner.post('/api/billing/sandbox/confirm', { clientSecret: upgrade.body.clientSecret })).status).toBe(200);
  await addBusinessData(source, fixture);
  // A photo stored before capture proof: no sha256 in its row; the backup computes it from the bytes.
  await source.query(sql`update photos set sha256 = null where id = ${fixture.unpaired[0]!.id}`);
});

afterAll(async () => {
  await source?.close();
  for (const cleanup of cleanups.reverse()) await cleanup();
  await fs.rm(work, { recursive: true, force: true });
});

let second: Promise<string> | undefined;
/** One more backup of the source, made once for the tests that only need an archive. */
function secondBackup(): Promise<string> {
  const out = path.join(work, 'second.zip');
  second ??= runBackup({ config: source.config, out }).then(() => out);
  return second;
}

describe('backup and restore', () => {
  it('restores every row, stored byte and link of a running server, as of the moment the database was copied', async () => {
    const rowsAtBackup = await tableRows(source);
    const filesAtBackup = await storeFiles(source);
    expect(filesAtBackup.size).toBe(15); // 6 photos and their thumbnails, the logo, the issue's photo and the signature
    for (const table of ['clients', 'templates', 'client_issues', 'project_approvals', 'businesses', 'server_secrets'])
      expect(rowsAtBackup[table]?.length ?? 0, table).toBeGreaterThan(0);

    const out = path.join(work, 'backup.zip');
    const deleted = fixture.unpaired[1]!;
    const result = await runBackup({
      config: source.config,
      out,
      async afterDatabaseCopied() {
        // The server goes on working after the snapshot: a photo is deleted and another stored,
        // and the orphan sweep runs as if its files were old. None of that may reach the backup
        // or take a file the snapshot points at away from it.
        expect((await fixture.owner.delete(`/api/photos/${deleted.id}`)).status).toBe(200);
        await addPhoto(fixture.owner, fixture.project.id, 'after');
        await sweepOrphanPhotoFiles(source.deps, { now: new Date(Date.now() + ORPHAN_MIN_AGE_MS + 60_000) });
      },
    });
    expect(result).toEqual({ files: 15, bytes: [...filesAtBackup.values()].reduce((sum, bytes) => sum + bytes.length, 0), missing: [], mismatched: [] });

    // Once the backup is over, deletions happen again: the sweep removes the deleted photo's files.
    const swept = await sweepOrphanPhotoFiles(source.deps, { now: new Date(Date.now() + ORPHAN_MIN_AGE_MS + 60_000) });
    expect(swept.removed).toBe(2);

    const archive = await readZip(await fs.readFile(out));
    const manifest = BackupManifestSchema.parse(JSON.parse(archive.get('manifest.json')!.bytes.toString()));
    expect(manifest.database.kind).toBe(testDatabaseKind);
    expect(manifest.files.map((file) => file.key).sort()).toEqual([...filesAtBackup.keys()]);

    const target = await emptyTarget();
    const restored = await runRestore({ config: loadConfig({ NODE_ENV: 'test', ...target.env }), file: out });
    expect(restored).toEqual({ files: 15, mismatched: [] });

    const copy = await startTestApp({ env: target.env });
    cleanups.push(() => copy.close());
    expect(await tableRows(copy)).toEqual(rowsAtBackup);
    expect(await storeFiles(copy)).toEqual(filesAtBackup);

    // The owner signs in on the restored server with the same password; the client link works.
    const owner = copy.client();
    expect((await owner.post('/api/login', { email: fixture.email, password: 'correct horse' })).status).toBe(200);
    const image = await owner.get(`/api/photos/${deleted.id}/image`);
    expect(image.status).toBe(200);
    const shared = await copy.client().get<{ pairs: unknown[] }>(`/api/shared/${fixture.link.token}`);
    expect(shared.status).toBe(200);
    expect(shared.body.pairs).toHaveLength(2);
    const billing = await owner.get<{ subscriptionActive: boolean }>('/api/subscription-status');
    expect(billing.body.subscriptionActive).toBe(true);
  });

  it('refuses a target that already holds data, and writes nothing', async () => {
    const out = await secondBackup();
    // The source itself: database and store both in use.
    await expect(runRestore({ config: source.config, file: out })).rejects.toThrow(BackupError);
    await expect(runRestore({ config: source.config, file: out })).rejects.toThrow(/already (holds a database|has \d+ tables)/);

    // An empty database but a photo store with a file in it.
    const target = await emptyTarget();
    const config = loadConfig({ NODE_ENV: 'test', ...target.env });
    await createPhotoStore(config).put('projects/1/stray.jpg', Buffer.from('x'), 'image/jpeg');
    await expect(runRestore({ config, file: out })).rejects.toThrow(
      testPhotoStoreKind === 's3' ? /The bucket restored already holds files/ : /photos already holds files/,
    );
    expect(await fs.readdir(target.dataDir)).toEqual(testPhotoStoreKind === 's3' ? [] : ['photos']);
  });

  it('checks every SHA-256: a damaged photo in the archive is named and not written', async () => {
    const out = path.join(work, 'damaged.zip');
    const bytes = await fs.readFile(await secondBackup());
    const photo = (await storeFiles(source)).get(
      (await source.query<{ key: string }>(sql`select storage_key as key from photos order by id limit 1`))[0]!.key,
    )!;
    const at = bytes.indexOf(photo);
    expect(at).toBeGreaterThan(0);
    bytes[at + Math.floor(photo.length / 2)]! ^= 0xff;
    await fs.writeFile(out, bytes);

    const target = await emptyTarget();
    const config = loadConfig({ NODE_ENV: 'test', ...target.env });
    const result = await runRestore({ config, file: out });
    const [damagedKey] = result.mismatched;
    expect(result.mismatched).toHaveLength(1);
    expect(await createPhotoStore(config).get(damagedKey!)).toBeNull();
  });
});
