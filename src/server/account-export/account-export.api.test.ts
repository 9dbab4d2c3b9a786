// GET /api/account/export against the real app: the ZIP's entries, the stored JPEG bytes, the CSV
// files, a PDF that parses, nothing of another account; after the trial too.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { registerUser, type TestClient } from '../test-support/test-client.js';
import { addPhoto, createProject } from '../test-support/project-helpers.js';
import { ownerWithSharedReport, type SharedFixture } from '../test-support/share-link-helpers.js';
import { extractPageTexts } from '../test-support/pdf-inspection.js';
import { readZip, type ZipEntryRead } from '../test-support/zip-reading.js';

let t: TestApp;
let owner: SharedFixture;
let other: TestClient;
let otherReportId: number;
let slashReportId: number;

async function exportOf(client: TestClient): Promise<{ status: number; headers: Headers; entries: Map<string, ZipEntryRead> }> {
  const response = await fetch(`${t.url}/api/account/export`, {
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-forwarded-for': client.address ?? '' },
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, entries: response.status === 200 ? await readZip(bytes) : new Map() };
}

async function storedBytes(photoId: number): Promise<Buffer> {
  const [row] = await t.query<{ key: string }>(sql`select storage_key as key from photos where id = ${photoId}`);
  return (await t.deps.photoStore.get(row!.key))!;
}

/** While set, photo reads wait for it (a download kept in progress); `reached` tells one is waiting. */
let holdReads: { released: Promise<void>; reached: () => void } | null = null;

beforeAll(async () => {
  t = await startTestApp({
    preparePhotoStore: async (store) => ({
      ...store,
      async get(key) {
        if (holdReads) {
          holdReads.reached();
          await holdReads.released;
        }
        return store.get(key);
      },
    }),
  });
  owner = await ownerWithSharedReport(t, { pairCount: 2, clientName: 'Zoë "Ångström"', description: '=1+1 kitchen, deep clean' });
  // A second report with no pair (so no PDF), whose client name has characters no folder may hold.
  const slashReport = await createProject(owner.owner, { clientName: 'Flat 3/B: Smith', description: '' });
  slashReportId = slashReport.id;
  await addPhoto(owner.owner, slashReport.id, 'before');
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
  it('streams a ZIP of every report: its stored JPEGs by pair and type, its PDF and report.json, with reports.csv, clients.csv and a README', async () => {
    const { status, headers, entries } = await exportOf(owner.owner);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/zip');
    expect(headers.get('content-disposition')).toMatch(/^attachment; filename="cleanproof-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(headers.get('cache-control')).toBe('private, no-store');

    const [first] = await t.query<{ created: string }>(
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as created from projects where id = ${owner.project.id}`,
    );
    const folder = `reports/${first!.created} Zoë Ångström (${owner.project.id})/`;
    const slashFolder = `reports/${first!.created} Flat 3 B Smith (${slashReportId})/`;
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
        `${folder}report.pdf`,
        `${folder}report.json`,
        `${slashFolder}photo-01-before.jpg`,
        `${slashFolder}report.json`,
      ].sort(),
    );

    // The very bytes the store keeps (and GET /api/photos/{id}/image serves).
    expect(entries.get(`${folder}pair-01-before.jpg`)!.bytes.equals(await storedBytes(owner.pairs[0]!.before.id))).toBe(true);
    expect(entries.get(`${folder}pair-02-after.jpg`)!.bytes.equals(await storedBytes(owner.pairs[1]!.after.id))).toBe(true);
    expect(entries.get(`${folder}photo-06-after.jpg`)!.bytes.equals(await storedBytes(owner.unpaired[1]!.id))).toBe(true);

    const pdfText = (await extractPageTexts(entries.get(`${folder}report.pdf`)!.bytes)).join('\n');
    expect(pdfText).toContain('Sparkle Cleaning Co');
    expect(pdfText).toContain('Zoë "Ångström"');

    const report = JSON.parse(entries.get(`${folder}report.json`)!.bytes.toString()) as {
      id: number;
      clientName: string;
      pdf: string | null;
      pairs: Array<{ before: { id: number; file: string; sha256: string }; after: { file: string } }>;
      unpairedPhotos: Array<{ file: string; type: string }>;
    };
    expect(report).toMatchObject({ id: owner.project.id, clientName: 'Zoë "Ångström"', pdf: 'report.pdf' });
    expect(report.pairs.map((pair) => [pair.before.file, pair.after.file])).toEqual([
      ['pair-01-before.jpg', 'pair-01-after.jpg'],
      ['pair-02-before.jpg', 'pair-02-after.jpg'],
    ]);
    expect(report.pairs[0]!.before.sha256).toBe(owner.pairs[0]!.before.sha256);
    expect(report.unpairedPhotos.map((photo) => photo.file)).toEqual(['photo-05-before.jpg', 'photo-06-after.jpg']);

    const reportsCsv = entries.get('reports.csv')!.bytes.toString();
    expect(reportsCsv.split('\r\n')).toEqual([
      '"id","created_at","client_name","description","folder","photos","pairs","pdf"',
      expect.stringMatching(
        new RegExp(`^"${owner.project.id}","[^"]+","Zoë ""Ångström""","'=1\\+1 kitchen, deep clean","${folder.replace(/[()]/g, '\\$&')}","6","2","yes"$`),
      ),
      expect.stringMatching(new RegExp(`^"${slashReportId}",".+","Flat 3/B: Smith","","${slashFolder.replace(/[()]/g, '\\$&')}","1","0","no"$`)),
      '',
    ]);
    expect(entries.get('clients.csv')!.bytes.toString()).toBe('"id","name","email","phone","address","notes","created_at"\r\n');
    expect(entries.get('README.txt')!.bytes.toString()).toContain('pair-01-before.jpg');
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
  });

  it('needs a signed-in user, and one export at a time per user', async () => {
    expect((await exportOf(t.client())).status).toBe(401);
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
