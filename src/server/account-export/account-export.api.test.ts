// GET /api/account/export against the real app: the ZIP's entries, the stored JPEG bytes, the CSV
// files, the same PDF GET report.pdf makes, the client's answers, nothing of another account; the
// owner only, after the trial too. The archive is checked with Info-ZIP's unzip and Python's zipfile.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { AddedPhoto, Project } from '../../shared/contract/projects.js';
import type { Template } from '../../shared/contract/templates.js';
import { users, type UserRow } from '../db/schema.js';
import type { PhotoStore, ReadOptions } from '../storage/photo-store.js';
import { createZipWriter } from '../lib/zip-writer.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { registerUser, type TestClient } from '../test-support/test-client.js';
import { addPhoto, addPhotoInArea, createProject } from '../test-support/project-helpers.js';
import { invite, join, type CrewMember } from '../test-support/crew-helpers.js';
import { answerAsClient, ownerWithSharedReport, type SharedFixture } from '../test-support/share-link-helpers.js';
import { extractPageTexts, inspectPdf } from '../test-support/pdf-inspection.js';
import { makePhotoJpeg } from '../test-support/photo-fixtures.js';
import { readZip, type ZipEntryRead } from '../test-support/zip-reading.js';
import { writeAccountExport, type AccountExportOptions } from './account-export.service.js';

let t: TestApp;
let owner: SharedFixture;
let other: TestClient;
let manager: CrewMember;
let cleaner: CrewMember;
let otherReportId: number;
let slashReportId: number;
let clientId: number;
let areaReport: Project;
let kitchenPair: { before: AddedPhoto; after: AddedPhoto };

const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

async function download(client: TestClient, url: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(`${t.url}${url}`, { headers: { cookie: cookieOf(client), 'x-forwarded-for': client.address ?? '' } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function exportOf(client: TestClient): Promise<{ status: number; headers: Headers; bytes: Buffer; entries: Map<string, ZipEntryRead> }> {
  const response = await download(client, '/api/account/export');
  return { ...response, entries: response.status === 200 ? await readZip(response.bytes) : new Map() };
}

async function storedBytes(photoId: number): Promise<Buffer> {
  const [row] = await t.query<{ key: string }>(sql`select storage_key as key from photos where id = ${photoId}`);
  return (await t.deps.photoStore.get(row!.key))!;
}

const createdDay = async (projectId: number) =>
  (await t.query<{ day: string }>(sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day from projects where id = ${projectId}`))[0]!.day;

/** While set, photo reads wait for it (a download kept in progress); `reached` tells one is waiting. */
let holdReads: { released: Promise<void>; reached: () => void } | null = null;

async function ownerRow(): Promise<UserRow> {
  const { id } = (await owner.owner.get<{ id: number }>('/api/user')).body;
  const [user] = await t.db.select().from(users).where(eq(users.id, id));
  return user!;
}

/** The owner's export written by the service in this process, with `photoStore` for the app's. */
async function exportInProcess(user: UserRow, photoStore: PhotoStore, options: AccountExportOptions): Promise<Map<string, ZipEntryRead>> {
  // Copies what it is given, as a socket does: the export uses its read buffers again once a write is done.
  const chunks: Buffer[] = [];
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(Buffer.from(chunk));
      callback();
    },
  });
  const clock = () => new Date('2026-05-01T10:00:00Z');
  await writeAccountExport({ ...t.deps, photoStore, clock }, user, createZipWriter(output), options);
  return readZip(Buffer.concat(chunks));
}

/**
 * Two PDFs of one report, made by two exports: byte for byte but for the moment each was made
 * (pdf-lib stamps its creation date, to the second, of the same length), so the same length, text
 * and images.
 */
async function expectSamePdf(a: Buffer, b: Buffer): Promise<void> {
  expect(b.length).toBe(a.length);
  const [first, second] = [await inspectPdf(a), await inspectPdf(b)];
  expect(second.pageTexts).toEqual(first.pageTexts);
  expect(second.images.map((image) => Buffer.from(image.bytes).toString('base64'))).toEqual(
    first.images.map((image) => Buffer.from(image.bytes).toString('base64')),
  );
}

const shootInArea = (client: TestClient, projectId: number, type: 'before' | 'after', areaId: number) =>
  addPhotoInArea(client, projectId, type, areaId, { width: 320, height: 240 });

beforeAll(async () => {
  t = await startTestApp({
    preparePhotoStore: async (store) => ({
      ...store,
      async get(key, options) {
        if (holdReads) {
          holdReads.reached();
          await holdReads.released;
        }
        return store.get(key, options);
      },
    }),
  });
  owner = await ownerWithSharedReport(t, { pairCount: 2, clientName: 'Zoë "Ångström"', description: '=1+1 kitchen, deep clean' });
  // A crew: the PDF names who took each photo, and neither may export the business.
  manager = await join(t, await invite(owner.owner, 'manager'), { name: 'Marta' });
  cleaner = await join(t, await invite(owner.owner, 'cleaner', 'Ana'), { name: 'Ana' });

  // The client answers on the link: an issue with a photo on the second pair, and an approval with a drawn signature.
  await answerAsClient(t, owner, 1);

  // A client of the business, and a report for them with no pair (so no PDF), whose name has characters no folder may hold.
  const client = await owner.owner.post<{ id: number }>('/api/clients', {
    name: 'Smith, "Flat 3/B"',
    email: 'smith@example.com',
    phone: '+1 555 0100',
    address: '3 High St',
    notes: '=SUM(A1)',
  });
  expect(client.status, client.text).toBe(201);
  clientId = client.body.id;
  const slashReport = await createProject(owner.owner, { clientName: 'Flat 3/B: Smith', description: '', clientId });
  slashReportId = slashReport.id;
  await addPhoto(owner.owner, slashReport.id, 'before');

  // A report made from a template: a pair in the kitchen, a photo alone in the hall.
  const template = await owner.owner.post<Template>('/api/templates', {
    name: 'Two rooms',
    areas: [
      { name: 'Hall', minBefore: 1, minAfter: 1 },
      { name: 'Main Kitchen', minBefore: 1, minAfter: 1 },
    ],
  });
  areaReport = (await owner.owner.post<Project>('/api/projects', { templateId: template.body.id, clientName: 'Acme' })).body;
  const [hall, kitchen] = areaReport.areas;
  kitchenPair = {
    before: await shootInArea(owner.owner, areaReport.id, 'before', kitchen!.id),
    after: await shootInArea(owner.owner, areaReport.id, 'after', kitchen!.id),
  };
  await shootInArea(owner.owner, areaReport.id, 'before', hall!.id);
  expect((await owner.owner.post<{ pairsCreated: number }>(`/api/projects/${areaReport.id}/auto-pair-all`)).body.pairsCreated).toBe(1);

  // The trial is over and nothing was paid: the export still works.
  await t.query(sql`update users set trial_ends_at = now() - interval '30 days' where lower(email) = lower(${owner.email})`);

  other = t.client();
  await registerUser(other, { businessName: 'Other Cleaners' });
  const otherReport = await createProject(other, { clientName: 'Not yours', description: 'secret' });
  otherReportId = otherReport.id;
  await addPhoto(other, otherReport.id, 'before');
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/account/export', () => {
  it('streams a ZIP of every report: its stored JPEGs by pair (or area) and type, its PDF and report.json, with reports.csv, clients.csv and a README', async () => {
    const { status, headers, bytes, entries } = await exportOf(owner.owner);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/zip');
    expect(headers.get('content-disposition')).toMatch(/^attachment; filename="cleanproof-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(headers.get('cache-control')).toBe('private, no-store');
    // The app's security headers, as on every answer.
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    // About how big it is, for the app's progress (the PDFs are made as it goes).
    const estimate = Number(headers.get('export-size-estimate'));
    expect(estimate).toBeGreaterThan(bytes.length * 0.8);
    expect(estimate).toBeLessThan(bytes.length * 1.25);

    const folder = `reports/${await createdDay(owner.project.id)} Zoë Ångström (${owner.project.id})/`;
    const slashFolder = `reports/${await createdDay(slashReportId)} Flat 3 B Smith (${slashReportId})/`;
    const areaFolder = `reports/${await createdDay(areaReport.id)} Acme (${areaReport.id})/`;
    expect([...entries.keys()].sort()).toEqual(
      [
        'README.txt',
        'reports.csv',
        'clients.csv',
        `${folder}pair-01-before.jpg`,
        `${folder}pair-01-after.jpg`,
        `${folder}pair-02-before.jpg`,
        `${folder}pair-02-after.jpg`,
        `${folder}photo-05-before.jpg`,
        `${folder}photo-06-after.jpg`,
        `${folder}issue-01.jpg`,
        `${folder}approval-01-signature.png`,
        `${folder}report.pdf`,
        `${folder}report.json`,
        `${slashFolder}photo-01-before.jpg`,
        `${slashFolder}report.json`,
        `${areaFolder}pair-01-main-kitchen-before.jpg`,
        `${areaFolder}pair-01-main-kitchen-after.jpg`,
        `${areaFolder}photo-03-hall-before.jpg`,
        `${areaFolder}report.pdf`,
        `${areaFolder}report.json`,
      ].sort(),
    );

    // The very bytes the store keeps (and GET /api/photos/{id}/image serves).
    expect(entries.get(`${folder}pair-01-before.jpg`)!.bytes.equals(await storedBytes(owner.pairs[0]!.before.id))).toBe(true);
    expect(entries.get(`${folder}pair-02-after.jpg`)!.bytes.equals(await storedBytes(owner.pairs[1]!.after.id))).toBe(true);
    expect(entries.get(`${folder}photo-06-after.jpg`)!.bytes.equals(await storedBytes(owner.unpaired[1]!.id))).toBe(true);
    expect(entries.get(`${areaFolder}pair-01-main-kitchen-after.jpg`)!.bytes.equals(await storedBytes(kitchenPair.after.id))).toBe(true);
    expect((await sharp(entries.get(`${folder}issue-01.jpg`)!.bytes).metadata()).format).toBe('jpeg');
    expect((await sharp(entries.get(`${folder}approval-01-signature.png`)!.bytes).metadata()).format).toBe('png');

    const pdfText = (await extractPageTexts(entries.get(`${folder}report.pdf`)!.bytes)).join('\n');
    expect(pdfText).toContain('Sparkle Cleaning Co');
    expect(pdfText).toContain('Zoë "Ångström"');
    const areaPdfText = (await extractPageTexts(entries.get(`${areaFolder}report.pdf`)!.bytes)).join('\n');
    expect(areaPdfText).toContain('Main Kitchen · 1 of 1');
    expect(areaPdfText).toContain('Hall · 0 of 1');

    const report = JSON.parse(entries.get(`${folder}report.json`)!.bytes.toString()) as {
      id: number;
      clientName: string;
      status: string;
      pdf: string | null;
      pairs: Array<{ before: { id: number; file: string; sha256: string }; after: { file: string } }>;
      unpairedPhotos: Array<{ file: string; type: string }>;
      approvals: Array<{ name: string; signature: string | null }>;
      issues: Array<{ pair: number | null; note: string; photo: string | null; resolvedAt: string | null }>;
    };
    expect(report).toMatchObject({ id: owner.project.id, clientName: 'Zoë "Ångström"', status: 'open', pdf: 'report.pdf' });
    expect(report.pairs.map((pair) => [pair.before.file, pair.after.file])).toEqual([
      ['pair-01-before.jpg', 'pair-01-after.jpg'],
      ['pair-02-before.jpg', 'pair-02-after.jpg'],
    ]);
    expect(report.pairs[0]!.before.sha256).toBe(owner.pairs[0]!.before.sha256);
    expect(report.unpairedPhotos.map((photo) => photo.file)).toEqual(['photo-05-before.jpg', 'photo-06-after.jpg']);
    expect(report.approvals).toEqual([expect.objectContaining({ name: 'Jane Client', signature: 'approval-01-signature.png' })]);
    expect(report.issues).toEqual([expect.objectContaining({ pair: 2, note: 'A smear on the glass', photo: 'issue-01.jpg', resolvedAt: null })]);

    const areaJson = JSON.parse(entries.get(`${areaFolder}report.json`)!.bytes.toString()) as {
      areas: Array<{ name: string }>;
      pairs: Array<{ before: { area: string; file: string } }>;
      unpairedPhotos: Array<{ area: string; file: string }>;
    };
    expect(areaJson.areas.map((area) => area.name)).toEqual(['Hall', 'Main Kitchen']);
    expect(areaJson.pairs[0]!.before).toMatchObject({ area: 'Main Kitchen', file: 'pair-01-main-kitchen-before.jpg' });
    expect(areaJson.unpairedPhotos).toEqual([expect.objectContaining({ area: 'Hall', file: 'photo-03-hall-before.jpg' })]);

    const reportsCsv = entries.get('reports.csv')!.bytes.toString();
    const pattern = (text: string) => text.replace(/[()+]/g, '\\$&');
    expect(reportsCsv.split('\r\n')).toEqual([
      '"id","created_at","client_name","client_id","description","status","folder","photos","pairs","pdf"',
      expect.stringMatching(
        new RegExp(`^"${owner.project.id}","[^"]+","Zoë ""Ångström""","","'=1\\+1 kitchen, deep clean","open","${pattern(folder)}","6","2","yes"$`),
      ),
      expect.stringMatching(new RegExp(`^"${slashReportId}",".+","Flat 3/B: Smith","${clientId}","","open","${pattern(slashFolder)}","1","0","no"$`)),
      expect.stringMatching(new RegExp(`^"${areaReport.id}",".+","Acme","","","open","${pattern(areaFolder)}","3","1","yes"$`)),
      '',
    ]);
    expect(entries.get('clients.csv')!.bytes.toString().split('\r\n')).toEqual([
      '"id","name","email","phone","address","notes","created_at"',
      expect.stringMatching(new RegExp(`^"${clientId}","Smith, ""Flat 3/B""","smith@example.com","'\\+1 555 0100","3 High St","'=SUM\\(A1\\)","[^"]+"$`)),
      '',
    ]);
    expect(entries.get('README.txt')!.bytes.toString()).toContain('pair-01-before.jpg');
  });

  it('is a ZIP that Info-ZIP and Python read back whole, every entry stored as it is (no compression)', async () => {
    const { bytes, entries } = await exportOf(owner.owner);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-export-'));
    try {
      const zipPath = path.join(dir, 'export.zip');
      await fs.writeFile(zipPath, bytes);
      expect(execFileSync('unzip', ['-tq', zipPath]).toString()).toMatch(/No errors detected/);
      const python = execFileSync('python3', [
        '-c',
        'import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nprint(len(z.infolist()), z.testzip(), sorted({i.compress_type for i in z.infolist()}))',
        zipPath,
      ]);
      expect(python.toString().trim()).toBe(`${entries.size} None [0]`);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it("holds the same PDF GET report.pdf makes: its text, and each photo's stored bytes, drawn in the same places", async () => {
    const { entries } = await exportOf(owner.owner);
    // GET report.pdf needs a trial or a subscription (the export does not): the trial runs again meanwhile.
    await t.query(sql`update users set trial_ends_at = now() + interval '1 day' where lower(email) = lower(${owner.email})`);
    onTestFinished(async () => {
      await t.query(sql`update users set trial_ends_at = now() - interval '30 days' where lower(email) = lower(${owner.email})`);
    });
    for (const [projectId, folderName, photoCount] of [
      [owner.project.id, `Zoë Ångström (${owner.project.id})`, 4],
      [areaReport.id, `Acme (${areaReport.id})`, 2],
    ] as const) {
      const exported = await inspectPdf(entries.get(`reports/${await createdDay(projectId)} ${folderName}/report.pdf`)!.bytes);
      const served = await download(owner.owner, `/api/projects/${projectId}/report.pdf`);
      expect(served.status).toBe(200);
      const original = await inspectPdf(served.bytes);
      expect(exported.pageTexts).toEqual(original.pageTexts);
      expect(exported.images).toHaveLength(photoCount);
      expect(exported.images.map((image) => Buffer.from(image.bytes).toString('base64'))).toEqual(
        original.images.map((image) => Buffer.from(image.bytes).toString('base64')),
      );
      expect(exported.drawnImages.map((page) => page.map(({ leftMm, topMm, widthMm, heightMm }) => [leftMm, topMm, widthMm, heightMm]))).toEqual(
        original.drawnImages.map((page) => page.map(({ leftMm, topMm, widthMm, heightMm }) => [leftMm, topMm, widthMm, heightMm])),
      );
    }
    // The approval is of the report as it is now, and the crew is named.
    const text = (
      await extractPageTexts(entries.get(`reports/${await createdDay(owner.project.id)} Zoë Ångström (${owner.project.id})/report.pdf`)!.bytes)
    ).join('\n');
    expect(text).toContain('Approved by Jane Client');
  });

  it("writes the same PDF when a report's photos are read again from the store for it instead of kept from their own entries", async () => {
    const user = await ownerRow();
    const exportWith = (pdfPhotosKeptBytes: number) => exportInProcess(user, t.deps.photoStore, { pdfPhotosKeptBytes });
    const [kept, reread] = [await exportWith(64 * 1024 * 1024), await exportWith(0)];
    expect([...reread.keys()]).toEqual([...kept.keys()]);
    const pdfs = [...kept.keys()].filter((name) => name.endsWith('report.pdf'));
    expect(pdfs).toHaveLength(2);
    for (const name of pdfs) await expectSamePdf(kept.get(name)!.bytes, reread.get(name)!.bytes);
  });

  it("fetches each photo from the store once when a spool keeps a report's photos for its PDF (as for S3), and writes the same PDFs", async () => {
    const user = await ownerRow();
    const spoolDir = path.join(t.dataDir, 'export-spool');
    const exportWith = async (spool: boolean) => {
      const reads = new Map<string, number>();
      const photoStore = {
        ...t.deps.photoStore,
        get: (key: string, options?: ReadOptions) => {
          reads.set(key, (reads.get(key) ?? 0) + 1);
          return t.deps.photoStore.get(key, options);
        },
      };
      // Nothing kept in memory: every photo the PDFs print comes from the store or from the spool.
      return { reads, entries: await exportInProcess(user, photoStore, { pdfPhotosKeptBytes: 0, ...(spool ? { spoolDir } : {}) }) };
    };
    const [fetchedAgain, spooled] = [await exportWith(false), await exportWith(true)];
    const pairedKeys = (
      await t.query<{ key: string }>(
        sql`select p.storage_key as key from photo_pairs pp join photos p on p.id in (pp.before_photo_id, pp.after_photo_id) join projects r on r.id = pp.project_id where r.business_id = ${user.businessId}`,
      )
    ).map((row) => row.key);
    expect(pairedKeys.length).toBeGreaterThan(0);
    for (const key of pairedKeys) {
      expect(fetchedAgain.reads.get(key), key).toBe(2);
      expect(spooled.reads.get(key), key).toBe(1);
    }
    expect([...spooled.entries.keys()]).toEqual([...fetchedAgain.entries.keys()]);
    for (const [name, entry] of fetchedAgain.entries) {
      if (name.endsWith('report.pdf')) await expectSamePdf(entry.bytes, spooled.entries.get(name)!.bytes);
      else expect(spooled.entries.get(name)!.bytes.equals(entry.bytes), name).toBe(true);
    }
    // Nothing left on the server's disk.
    expect(await fs.readdir(spoolDir)).toEqual([]);
  });

  it('gives every photo whole to a slow download, whose socket is full most of the time (read buffers are used again only once it has taken them)', async () => {
    // 60 pairs of two large stored JPEGs (rows pointing at the same two files): ~50 MB of photos and as much PDF.
    const slow = t.client();
    await registerUser(slow, { businessName: 'Slow Download Co' });
    const report = await createProject(slow, { clientName: 'Big job' });
    const stored: Buffer[] = [];
    for (const [type, seed] of [
      ['before', 31],
      ['after', 32],
    ] as const) {
      const upload = await slow.post<AddedPhoto>(`/api/projects/${report.id}/photos?type=${type}`, undefined, {
        raw: await makePhotoJpeg(1024, 768, { seed, quality: 95 }),
        headers: { 'content-type': 'image/jpeg' },
      });
      expect(upload.status, upload.text).toBe(201);
      stored.push(await storedBytes(upload.body.id));
    }
    await t.query(sql`
      with befores as (
        insert into photos (project_id, type, storage_key, thumbnail_key, width, height, byte_size, sha256)
        select project_id, type, storage_key, thumbnail_key, width, height, byte_size, sha256 from photos, generate_series(1, 60)
        where project_id = ${report.id} and type = 'before' returning id
      ), afters as (
        insert into photos (project_id, type, storage_key, thumbnail_key, width, height, byte_size, sha256)
        select project_id, type, storage_key, thumbnail_key, width, height, byte_size, sha256 from photos, generate_series(1, 60)
        where project_id = ${report.id} and type = 'after' returning id
      )
      insert into photo_pairs (project_id, before_photo_id, after_photo_id)
      select ${report.id}, b.id, a.id from (select id, row_number() over (order by id) k from befores) b join (select id, row_number() over (order by id) k from afters) a on a.k = b.k`);

    // Reads a little at a time, with pauses, as a phone on a poor connection does.
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let sincePause = 0;
      http
        .get(`${t.url}/api/account/export`, { headers: { cookie: cookieOf(slow), 'x-forwarded-for': slow.address ?? '' } }, (response) => {
          expect(response.statusCode).toBe(200);
          response.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            sincePause += chunk.length;
            if (sincePause < 4 * 1024 * 1024) return;
            sincePause = 0;
            response.pause();
            setTimeout(() => response.resume(), 40);
          });
          response.on('end', () => resolve(Buffer.concat(chunks)));
          response.on('error', reject);
        })
        .on('error', reject);
    });
    const entries = await readZip(bytes);
    const folder = `reports/${await createdDay(report.id)} Big job (${report.id})/`;
    for (let pair = 1; pair <= 60; pair++) {
      const number = String(pair).padStart(2, '0');
      expect(entries.get(`${folder}pair-${number}-before.jpg`)!.bytes.equals(stored[0]!), `pair ${number} before`).toBe(true);
      expect(entries.get(`${folder}pair-${number}-after.jpg`)!.bytes.equals(stored[1]!), `pair ${number} after`).toBe(true);
    }
    const pdf = await inspectPdf(entries.get(`${folder}report.pdf`)!.bytes);
    expect(pdf.images).toHaveLength(120);
    expect(pdf.images.every((image, index) => Buffer.from(image.bytes).equals(stored[index % 2]!))).toBe(true);
  });

  it("never includes another account's reports or photos", async () => {
    const { entries } = await exportOf(owner.owner);
    const everything = [...entries.values()].map((entry) => entry.name + entry.bytes.toString('latin1')).join('\n');
    expect(everything).not.toContain('Not yours');
    expect(everything).not.toContain(`(${otherReportId})`);
    const otherExport = await exportOf(other);
    expect([...otherExport.entries.keys()].filter((name) => name.startsWith('reports/'))).toEqual([
      expect.stringContaining(`Not yours (${otherReportId})/photo-01-before.jpg`),
      expect.stringContaining(`Not yours (${otherReportId})/report.json`),
    ]);
    expect(otherExport.entries.get('clients.csv')!.bytes.toString()).not.toContain('Smith');
  });

  it('is counted in /metrics like every other request, though it is written straight to the socket', async () => {
    const counted = async () => {
      const { text } = await t.client().get('/metrics');
      const line = text
        .split('\n')
        .find((row) => row.startsWith('cleanproof_http_request_duration_seconds_count{method="GET",route="/api/account/export",status_code="200"}'));
      return line ? Number(line.split(' ').at(-1)) : 0;
    };
    const before = await counted();
    expect((await exportOf(owner.owner)).status).toBe(200);
    await expect.poll(counted).toBe(before + 1);
  });

  it("is the owner's alone: a manager or a cleaner of the business gets 403, a visitor 401", async () => {
    for (const member of [manager, cleaner]) {
      const response = await member.client.get<{ code: string }>('/api/account/export');
      expect(response.status).toBe(403);
    }
    expect((await exportOf(t.client())).status).toBe(401);
  });

  it('stops when the download is cancelled half-way, and the next one is answered', async () => {
    // The export is held at its first photo read, after its README went out.
    let release = () => undefined as void;
    const reached = new Promise<void>((resolve) => {
      holdReads = { released: new Promise<void>((resolveRelease) => (release = resolveRelease)), reached: resolve };
    });
    const controller = new AbortController();
    const response = await fetch(`${t.url}/api/account/export`, {
      headers: { cookie: cookieOf(owner.owner), 'x-forwarded-for': owner.owner.address ?? '' },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    await reached;
    controller.abort();
    holdReads = null;
    release();
    // The writer meets the closed socket and gives its place back: a new export is answered (the
    // first tries may still meet the cancelled one: 429).
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
      const next = await exportOf(owner.owner);
      status = next.status;
      if (status === 200) expect(next.entries.has('README.txt')).toBe(true);
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
  });

  it('answers one export at a time per user', async () => {
    let release = () => undefined as void;
    const reached = new Promise<void>((resolve) => {
      holdReads = { released: new Promise<void>((resolveRelease) => (release = resolveRelease)), reached: resolve };
    });
    const first = exportOf(owner.owner);
    await reached;
    const second = await owner.owner.get<{ message: string }>('/api/account/export');
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('30');
    expect(second.body).toMatchObject({ code: 'export_in_progress', message: 'Your export is still downloading. Wait for it to finish, then try again.' });
    holdReads = null;
    release();
    expect((await first).status).toBe(200);
    // Over: the next one is answered.
    expect((await exportOf(owner.owner)).status).toBe(200);
  });
});
