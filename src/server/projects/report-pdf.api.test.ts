import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import type { Photo, Project } from '../../shared/contract/projects.js';
import { TRIAL_DAYS, DAY_MS } from '../../shared/rules.js';
import { users } from '../db/schema.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { registerUser, type TestClient } from '../test-support/test-client.js';
import { createProject, uploadRawPhoto } from '../test-support/project-helpers.js';
import { makePhotoJpeg } from '../test-support/photo-fixtures.js';
import { inspectPdf } from '../test-support/pdf-inspection.js';
import { formatCaptureLine } from '../../pdf/capture-line.js';
import { RATE_LIMITS } from '../lib/rate-limit-rules.js';

const REPORT_PDF_PER_MINUTE = RATE_LIMITS.pdfBuildsPerUser.max;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

let seed = 100;
async function addPhoto(client: TestClient, projectId: number, type: 'before' | 'after'): Promise<Photo> {
  seed += 1;
  const response = await uploadRawPhoto(client, projectId, type, await makePhotoJpeg(640, 480, { seed }));
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${response.text}`);
  return response.body;
}

/** A signed-in owner with a report holding `pairCount` before/after pairs. */
async function ownerWithReport(pairCount: number, body: { clientName?: string; description?: string } = {}, address?: string) {
  const client = t.client({ address });
  const { user } = await registerUser(client, { businessName: 'Sparkle Cleaning Co' });
  const project: Project = await createProject(client, { clientName: 'Zoë Ångström', description: 'Kitchen deep clean', ...body });
  for (let i = 0; i < pairCount; i += 1) {
    const before = await addPhoto(client, project.id, 'before');
    const after = await addPhoto(client, project.id, 'after');
    const pair = await client.post(`/api/projects/${project.id}/photo-pairs`, { beforePhotoId: before.id, afterPhotoId: after.id });
    if (pair.status !== 201) throw new Error(`pair failed: ${pair.status} ${pair.text}`);
  }
  return { client, userId: user.id, project };
}

/** The client link's PDF: a new link to the report, fetched signed out. */
async function fetchSharedPdf(client: TestClient, projectId: number): Promise<Uint8Array> {
  const link = await client.post<{ token: string }>(`/api/projects/${projectId}/share-links`, {});
  expect(link.status).toBe(201);
  const response = await fetch(`${t.url}/api/shared/${link.body.token}/report.pdf`);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

async function fetchPdf(client: TestClient, projectId: number) {
  const response = await fetch(`${t.url}/api/projects/${projectId}/report.pdf`, {
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe('GET /api/projects/{id}/report.pdf', () => {
  it('gives the owner the branded PDF with every stored JPEG embedded byte for byte', async () => {
    const { client, project } = await ownerWithReport(4);
    const response = await fetchPdf(client, project.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="Zoe_Angstrom_Report_\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(Buffer.from(response.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');

    const pdf = await inspectPdf(response.bytes);
    expect(pdf.pageCount).toBe(2); // three 4:3 pairs per page
    pdf.pageSizesMm.forEach((size) => expect([Math.round(size.width), Math.round(size.height)]).toEqual([210, 297]));
    pdf.pageTexts.forEach((text, index) => {
      expect(text).toContain('Sparkle Cleaning Co');
      expect(text).toContain('Zoë Ångström');
      expect(text).toContain('BEFORE');
      expect(text).toContain('AFTER');
      expect(text).toContain(`Page ${index + 1} of 2`);
    });

    const rows = await t.query<{ key: string }>(sql`select storage_key as key from photos where project_id = ${project.id}`);
    const stored = await Promise.all(rows.map(async (row) => Buffer.from((await t.deps.photoStore.get(row.key))!).toString('base64')));
    const embedded = pdf.images.map((image) => Buffer.from(image.bytes).toString('base64'));
    expect(embedded.sort()).toEqual(stored.sort());
  });

  it("is written in the owner's language: ANTES/DESPUÉS, 'Página 1 de N' and a Spanish date", async () => {
    const { client, project } = await ownerWithReport(4);
    expect((await client.patch('/api/user/preferences', { locale: 'es', timeZone: 'Europe/Madrid' })).status).toBe(200);
    const response = await fetchPdf(client, project.id);
    expect(response.status).toBe(200);
    const pdf = await inspectPdf(response.bytes);
    expect(pdf.pageCount).toBe(2);
    pdf.pageTexts.forEach((text, index) => {
      expect(text).toContain('ANTES');
      expect(text).toContain('DESPUÉS');
      expect(text).toContain(`Página ${index + 1} de 2`);
      expect(text).not.toContain('BEFORE');
      expect(text).not.toMatch(/Page \d/);
    });
    // The kicker is drawn letter-spaced, so a reader extracts it with spaces between the letters.
    expect(pdf.pageTexts[0]!.replace(/\s+/g, '')).toContain('INFORMEDEANTESYDESPUÉS');
    expect(pdf.pageTexts[0]).toMatch(/\d{1,2} de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) de \d{4}/);
  });

  it("names the file with the owner's word for report: Informe for a Spanish owner, on the owner's route and the client link's", async () => {
    const { client, project } = await ownerWithReport(1);
    expect((await client.patch('/api/user/preferences', { locale: 'es' })).status).toBe(200);
    const own = await fetchPdf(client, project.id);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-disposition')).toMatch(/^attachment; filename="Zoe_Angstrom_Informe_\d{4}-\d{2}-\d{2}\.pdf"$/);

    // A client link has no reader's account: the file is named in the owner's language.
    const link = await client.post<{ token: string }>(`/api/projects/${project.id}/share-links`, {});
    expect(link.status).toBe(201);
    const shared = await fetch(`${t.url}/api/shared/${link.body.token}/report.pdf`, { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(shared.status).toBe(200);
    expect(shared.headers.get('content-disposition')).toMatch(/^attachment; filename="Zoe_Angstrom_Informe_\d{4}-\d{2}-\d{2}\.pdf"$/);
  });

  it('prints when each pair was taken, in the owner’s time zone, in the owner’s PDF and the client link’s', async () => {
    const client = t.client();
    await registerUser(client, { businessName: 'Sparkle Cleaning Co' });
    expect((await client.patch('/api/user/preferences', { timeZone: 'America/New_York' })).status).toBe(200);
    const project = await createProject(client, { clientName: 'Timed' });
    // Within the last day, at whole minutes, an hour and 48 minutes apart.
    const before = new Date(Math.floor((Date.now() - 6 * 3600_000) / 60_000) * 60_000);
    const after = new Date(before.getTime() + 108 * 60_000);
    const upload = async (type: 'before' | 'after', capturedAt: Date | null) => {
      const query = `type=${type}${capturedAt ? `&capturedAt=${capturedAt.toISOString()}` : ''}`;
      const response = await client.post<Photo>(`/api/projects/${project.id}/photos?${query}`, undefined, {
        raw: await makePhotoJpeg(640, 480, { seed: (seed += 1) }),
        headers: { 'content-type': 'image/jpeg' },
      });
      expect(response.status).toBe(201);
      return response.body;
    };
    const pairUp = async (b: Photo, a: Photo) =>
      expect((await client.post(`/api/projects/${project.id}/photo-pairs`, { beforePhotoId: b.id, afterPhotoId: a.id })).status).toBe(201);
    await pairUp(await upload('before', before), await upload('after', after));
    await pairUp(await upload('before', null), await upload('after', after));

    const expected = formatCaptureLine(before.toISOString(), after.toISOString(), 'America/New_York');
    // Independently of the formatter: the wall-clock times in New York are in the line.
    const wall = (date: Date) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
    expect(expected).toMatch(new RegExp(`^Before (\\d{1,2} \\w{3} \\d{4} )?${wall(before)} · After (\\d{1,2} \\w{3} \\d{4} )?${wall(after)}`));
    for (const bytes of [(await fetchPdf(client, project.id)).bytes, await fetchSharedPdf(client, project.id)]) {
      const lines = (await inspectPdf(bytes)).pageTexts
        .join('\n')
        .split('\n')
        .filter((line) => line.startsWith('Before '));
      // The second pair has a before photo of unknown time: no line.
      expect(lines).toEqual([expected]);
    }
  });

  it('puts the business logo in the header when there is one', async () => {
    const { client, project } = await ownerWithReport(1);
    const logo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    const upload = await client.post('/api/user/logo', undefined, { raw: logo, headers: { 'content-type': 'image/png' } });
    expect(upload.status).toBe(200);
    const pdf = await inspectPdf((await fetchPdf(client, project.id)).bytes);
    const logoImage = pdf.drawnImages[0]!.find((image) => image.widthMm < 85);
    expect(logoImage?.widthMm).toBeCloseTo(18, 3);
    expect(logoImage?.heightMm).toBeCloseTo(12, 3);
  });

  it("answers 404 for another user's report and for one that does not exist", async () => {
    const { project } = await ownerWithReport(1);
    const stranger = t.client();
    await registerUser(stranger);
    const response = await fetchPdf(stranger, project.id);
    expect(response.status).toBe(404);
    expect(JSON.parse(Buffer.from(response.bytes).toString())).toEqual({ message: 'Project not found', code: 'project_not_found' });
    expect((await fetchPdf(stranger, 2_000_000_000)).status).toBe(404);
  });

  it('needs a signed-in user and a numeric id', async () => {
    const { client, project } = await ownerWithReport(1);
    expect((await fetchPdf(t.client(), project.id)).status).toBe(401);
    expect((await client.get('/api/projects/abc/report.pdf')).status).toBe(400);
  });

  it('refuses a report without pairs with a message', async () => {
    const { client, project } = await ownerWithReport(0);
    const response = await client.get<{ message: string }>(`/api/projects/${project.id}/report.pdf`);
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(/at least one before-and-after photo pair/);
  });

  it('refuses when the account has no business name', async () => {
    const { client, userId, project } = await ownerWithReport(1);
    await t.db.update(users).set({ businessName: null }).where(eq(users.id, userId));
    const response = await client.get<{ message: string }>(`/api/projects/${project.id}/report.pdf`);
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(/business name/);
  });

  it('needs an active trial or subscription (402 once the trial has ended)', async () => {
    const { client, project } = await ownerWithReport(1);
    t.clock.advance((TRIAL_DAYS + 1) * DAY_MS);
    try {
      const response = await client.get<{ message: string }>(`/api/projects/${project.id}/report.pdf`);
      expect(response.status).toBe(402);
      expect(response.body.message).toMatch(/trial has ended/);
    } finally {
      t.clock.reset();
    }
  });

  // Last in this file: it uses up that user's allowance for the minute.
  it('limits how many PDFs one user may ask for in a minute, however many sessions, without limiting others at the same address', async () => {
    const office = '203.0.113.40';
    const owner = t.client({ address: office });
    const { email, password } = await registerUser(owner, { businessName: 'Sparkle Cleaning Co' });
    const project: Project = await createProject(owner, { clientName: 'Rate Limited' });
    // The same person signed in a second time shares the first session's budget.
    const client = t.client({ address: office });
    expect((await client.post('/api/login', { email, password })).status).toBe(200);
    const statuses: number[] = [];
    let limited: { message: string } | undefined;
    for (let i = 0; i <= REPORT_PDF_PER_MINUTE; i += 1) {
      const response = await client.get<{ message: string }>(`/api/projects/${project.id}/report.pdf`);
      statuses.push(response.status);
      if (response.status === 429) {
        limited = response.body;
        break;
      }
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 409)).toBe(true);
    expect(limited?.message).toMatch(/Too many PDF exports/);
    expect((await owner.get(`/api/projects/${project.id}/report.pdf`)).status).toBe(429);

    // Another user (in an office behind one NAT, say) keeps their own budget.
    const other = await ownerWithReport(0, {}, office);
    expect((await other.client.get(`/api/projects/${other.project.id}/report.pdf`)).status).toBe(409);
  });
});
