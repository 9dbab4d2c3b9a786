// The client's side of a link: the page /r/{token} and everything under
// /api/shared/{token}, opened by a signed-out visitor, over real HTTP on the real app and database.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import type { SharedReport } from '../../shared/contract/share-links.js';
import { DAY_MS } from '../../shared/rules.js';
import { RATE_LIMITS } from '../lib/rate-limit-rules.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { inspectPdf } from '../test-support/pdf-inspection.js';
import { createShareLink, ownerWithSharedReport, visit, type SharedFixture } from '../test-support/share-link-helpers.js';
import { registerUser } from '../test-support/test-client.js';
import { addPhoto, createProject, uploadRawPhoto } from '../test-support/project-helpers.js';

const APP_URL = 'http://localhost:5099';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { APP_URL } });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  t.clock.reset();
});

/** Every URL a live link serves: the page, the report, each paired photo in both sizes, the PDF. */
function everySharedPath(fixture: SharedFixture, report: SharedReport): string[] {
  return [
    `/r/${fixture.link.token}`,
    `/api/shared/${fixture.link.token}`,
    ...report.pairs.flatMap((pair) => [pair.before.imageUrl, pair.before.thumbnailUrl, pair.after.imageUrl, pair.after.thumbnailUrl]),
    report.pdfUrl,
  ];
}

async function readReport(token: string, address?: string): Promise<SharedReport> {
  const response = await visit(t, `/api/shared/${token}`, { address });
  expect(response.status, response.text).toBe(200);
  return JSON.parse(response.text) as SharedReport;
}

/** The fixture's photos are 64x48 JPEGs: their thumbnails are no smaller. */
const sizesOf = (_photo: unknown) => ({ width: 64, height: 48, thumbnailWidth: 64 });

const storedBytes = async (photoId: number, column: 'storage_key' | 'thumbnail_key') => {
  const [row] = await t.query<{ key: string }>(sql`select ${sql.raw(column)} as key from photos where id = ${photoId}`);
  return (await t.deps.photoStore.get(row!.key))!;
};

describe('GET /api/shared/{token}', () => {
  it('gives the report with its pairs in order, each photo by URLs under /api/shared/{token}/, and the PDF URL', async () => {
    const fixture = await ownerWithSharedReport(t, { pairCount: 3, clientName: 'Zoë Ångström', description: 'Kitchen deep clean' });
    const report = await readReport(fixture.link.token);
    expect(Object.keys(report).sort()).toEqual([
      'approval',
      'areas',
      'businessLogoUrl',
      'businessName',
      'clientName',
      'createdAt',
      'description',
      'issues',
      'pairs',
      'pdfUrl',
      'reviewUrl',
      'windowEndsAt',
    ]);
    expect(report).toMatchObject({
      businessName: 'Sparkle Cleaning Co',
      businessLogoUrl: null,
      clientName: 'Zoë Ångström',
      description: 'Kitchen deep clean',
      createdAt: fixture.project.createdAt,
    });
    expect(report.pdfUrl).toBe(`/api/shared/${fixture.link.token}/report.pdf`);
    expect(report.pairs).toEqual(
      fixture.pairs.map((pair) => ({
        id: expect.any(Number) as number,
        before: {
          imageUrl: `/api/shared/${fixture.link.token}/photos/${pair.before.id}/image`,
          thumbnailUrl: `/api/shared/${fixture.link.token}/photos/${pair.before.id}/thumbnail`,
          ...sizesOf(pair.before),
          capturedAt: pair.before.capturedAt,
          // A business of one: no names.
          takenBy: null,
        },
        after: {
          imageUrl: `/api/shared/${fixture.link.token}/photos/${pair.after.id}/image`,
          thumbnailUrl: `/api/shared/${fixture.link.token}/photos/${pair.after.id}/thumbnail`,
          ...sizesOf(pair.after),
          capturedAt: pair.after.capturedAt,
          takenBy: null,
        },
        // A blank report: no areas.
        areaId: null,
      })),
    );
    expect(report.areas).toEqual([]);
  });

  it('serves each paired photo’s stored JPEG and WebP thumbnail, byte for byte', async () => {
    const fixture = await ownerWithSharedReport(t, { pairCount: 1 });
    const report = await readReport(fixture.link.token);
    const pair = report.pairs[0]!;
    const image = await visit(t, pair.after.imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.bytes.equals(await storedBytes(fixture.pairs[0]!.after.id, 'storage_key'))).toBe(true);
    const thumbnail = await visit(t, pair.before.thumbnailUrl);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    expect(thumbnail.bytes.equals(await storedBytes(fixture.pairs[0]!.before.id, 'thumbnail_key'))).toBe(true);
  });

  it('never serves an unpaired photo of the report', async () => {
    const fixture = await ownerWithSharedReport(t, { pairCount: 1 });
    const report = await readReport(fixture.link.token);
    expect(JSON.stringify(report)).not.toMatch(new RegExp(`/photos/(${fixture.unpaired.map((photo) => photo.id).join('|')})/`));
    for (const photo of fixture.unpaired) {
      for (const size of ['image', 'thumbnail']) {
        const response = await visit(t, `/api/shared/${fixture.link.token}/photos/${photo.id}/${size}`);
        expect(response.status).toBe(404);
        expect(JSON.parse(response.text)).toEqual({ message: 'Photo not found', code: 'photo_not_found' });
      }
    }
    // Unpairing a photo takes it off the link at once.
    const pairs = await fixture.owner.get<{ photoPairs: { id: number }[] }>(`/api/projects/${fixture.project.id}?images=url`);
    await fixture.owner.delete(`/api/photo-pairs/${pairs.body.photoPairs[0]!.id}`);
    expect((await visit(t, report.pairs[0]!.before.imageUrl)).status).toBe(404);
    expect((await readReport(fixture.link.token)).pairs).toEqual([]);
  });

  it('never serves another report’s photos through a token, even the same owner’s', async () => {
    const mine = await ownerWithSharedReport(t, { pairCount: 1 });
    const theirs = await ownerWithSharedReport(t, { pairCount: 1 });
    // A paired photo of another report of the same owner.
    const otherProject = await createProject(mine.owner, { clientName: 'Second job' });
    const [before, after] = [await addPhoto(mine.owner, otherProject.id, 'before'), await addPhoto(mine.owner, otherProject.id, 'after')];
    expect((await mine.owner.post(`/api/projects/${otherProject.id}/photo-pairs`, { beforePhotoId: before.id, afterPhotoId: after.id })).status).toBe(201);
    for (const photoId of [theirs.pairs[0]!.before.id, theirs.pairs[0]!.after.id, before.id, after.id]) {
      for (const size of ['image', 'thumbnail']) {
        expect((await visit(t, `/api/shared/${mine.link.token}/photos/${photoId}/${size}`)).status).toBe(404);
      }
    }
  });

  it('never reveals the owner’s email, in the data, the page or the PDF', async () => {
    const fixture = await ownerWithSharedReport(t, { pairCount: 1 });
    const report = await readReport(fixture.link.token);
    expect(JSON.stringify(report)).not.toContain(fixture.email);
    expect((await visit(t, `/r/${fixture.link.token}`)).text).not.toContain(fixture.email);
    const pdf = await visit(t, report.pdfUrl);
    expect(pdf.bytes.includes(fixture.email)).toBe(false);
    expect((await inspectPdf(pdf.bytes)).pageTexts.join('\n')).not.toContain(fixture.email);
  });

  it('shows the business logo when there is one', async () => {
    const fixture = await ownerWithSharedReport(t, { pairCount: 1 });
    const logo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    expect((await fixture.owner.post('/api/user/logo', undefined, { raw: logo, headers: { 'content-type': 'image/png' } })).status).toBe(200);
    const report = await readReport(fixture.link.token);
    expect(report.businessLogoUrl).toBe(`/api/shared/${fixture.link.token}/logo`);
    const served = await visit(t, report.businessLogoUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await sharp(served.bytes).metadata()).width).toBe(300);
    await fixture.owner.delete('/api/user/logo');
    expect((await visit(t, `/api/shared/${fixture.link.token}/logo`)).status).toBe(404);
  });

  it('marks the link opened, at most once a minute', async () => {
    const fixture = await ownerWithSharedReport(t, { pairCount: 1 });
    const lastOpened = async () =>
      (await fixture.owner.get<{ id: number; lastOpenedAt: string | null }[]>(`/api/projects/${fixture.project.id}/share-links`)).body[0]?.lastOpenedAt;
    // The page itself and its photos do not count (link previews fetch those); the data does.
    await visit(t, `/r/${fixture.link.token}`);
    expect(await lastOpened()).toBeNull();

    t.clock.set(new Date(Date.now() + 1000));
    await readReport(fixture.link.token);
    const first = await lastOpened();
    expect(first).not.toBeNull();
    t.clock.advance(30_000);
    await readReport(fixture.link.token);
    expect(await lastOpened()).toBe(first);
    t.clock.advance(31_000);
    await readReport(fixture.link.token);
    expect(new Date((await lastOpened())!).getTime() - new Date(first!).getTime()).toBe(61_000);
  });

  it('gives the same PDF the owner gets', async () => {
    const fixture = await ownerWithSharedReport(t, { pairCount: 2 });
    const shared = await visit(t, `/api/shared/${fixture.link.token}/report.pdf`);
    expect(shared.status).toBe(200);
    expect(shared.headers.get('content-type')).toBe('application/pdf');
    expect(shared.headers.get('content-disposition')).toMatch(/^attachment; filename="Zoe_Angstrom_Report_\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(shared.headers.get('cache-control')).toBe('private, no-store');
    const cookie = [...fixture.owner.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const owners = await visit(t, `/api/projects/${fixture.project.id}/report.pdf`, { headers: { cookie } });
    expect(owners.status).toBe(200);
    const [a, b] = await Promise.all([inspectPdf(shared.bytes), inspectPdf(owners.bytes)]);
    expect(a.pageTexts).toEqual(b.pageTexts);
    expect(a.images.map((image) => Buffer.from(image.bytes).toString('base64'))).toEqual(b.images.map((image) => Buffer.from(image.bytes).toString('base64')));
    expect(a.drawnImages).toEqual(b.drawnImages);
  });
});

describe('revoked and expired links', () => {
  it('stop working everywhere once revoked: the page is 410 and says so, and so are the data, every photo and the PDF', async () => {
    const fixture = await ownerWithSharedReport(t, { pairCount: 1 });
    const paths = everySharedPath(fixture, await readReport(fixture.link.token));
    for (const path of paths) expect((await visit(t, path)).status, path).toBe(200);
    expect((await fixture.owner.delete(`/api/share-links/${fixture.link.id}`)).status).toBe(200);

    for (const path of paths.slice(1)) {
      const response = await visit(t, path);
      expect(response.status, path).toBe(410);
      expect(JSON.parse(response.text)).toEqual({
        code: 'link_revoked',
        message: 'This link was withdrawn. The business that sent it has withdrawn it. Ask them for a new link.',
        state: 'revoked',
      });
    }
    const page = await visit(t, `/r/${fixture.link.token}`);
    expect(page.status).toBe(410);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('<h1 id="gone-title">This link was withdrawn</h1>');
    expect(page.text).toContain('Ask them for a new link.');
    expect(page.text).not.toContain(fixture.project.clientName);
    expect(page.text).not.toContain('og:image');
    // Whose link it was, and a neutral icon rather than the app's check mark.
    expect(page.text).toContain('<span>Sparkle Cleaning Co</span>');
    expect(page.text).toContain('class="gone-icon"');
    expect(page.text).not.toContain('/icon.svg" alt="" width="48"');
  });

  it("an expired link's page shows the business's name and logo, and the logo is still served", async () => {
    const fixture = await ownerWithSharedReport(t, { pairCount: 1, expiresInDays: 1, businessName: 'Gleam & Co' });
    const logo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    expect((await fixture.owner.post('/api/user/logo', undefined, { raw: logo, headers: { 'content-type': 'image/png' } })).status).toBe(200);
    t.clock.advance(DAY_MS + 1000);
    const page = await visit(t, `/r/${fixture.link.token}`);
    expect(page.status).toBe(410);
    expect(page.text).toContain('<span>Gleam &amp; Co</span>');
    const logoUrl = `/api/shared/${fixture.link.token}/logo`;
    expect(page.text).toContain(`<img src="${logoUrl}" alt="" height="40" />`);
    expect((await visit(t, logoUrl)).status).toBe(200);
    // An unknown token names no one.
    const unknown = await visit(t, '/r/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.status).toBe(404);
    expect(unknown.text).not.toContain('<header>');
  });

  it('stop working everywhere once expired (a 1-day link, a day later)', async () => {
    const fixture = await ownerWithSharedReport(t, { pairCount: 1, expiresInDays: 1 });
    const paths = everySharedPath(fixture, await readReport(fixture.link.token));
    t.clock.advance(DAY_MS - 60_000);
    for (const path of paths) expect((await visit(t, path)).status, path).toBe(200);
    t.clock.advance(60_000);
    for (const path of paths.slice(1)) {
      const response = await visit(t, path);
      expect(response.status, path).toBe(410);
      expect(JSON.parse(response.text), path).toEqual({
        code: 'link_expired',
        message: 'This link has expired. Ask the business that sent it to you for a new link.',
        state: 'expired',
      });
    }
    const page = await visit(t, `/r/${fixture.link.token}`);
    expect(page.status).toBe(410);
    expect(page.text).toContain('This link has expired');
    expect(page.text).toContain('Ask the business that sent it to you for a new link.');
  });

  it('a link aged in the database is expired too', async () => {
    const fixture = await ownerWithSharedReport(t, { pairCount: 1 });
    await t.query(sql`update share_links set expires_at = now() - interval '1 second' where id = ${fixture.link.id}`);
    expect((await visit(t, `/api/shared/${fixture.link.token}`)).status).toBe(410);
    expect((await visit(t, `/r/${fixture.link.token}`)).status).toBe(410);
  });

  it.each(['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'short', '..%2F..%2Fetc%2Fpasswd', '%3Cscript%3E', 'x'.repeat(100)])(
    'an unknown token %s is 404, page and data alike',
    async (token) => {
      const page = await visit(t, `/r/${token}`);
      expect(page.status).toBe(404);
      expect(page.text).toContain('This link does not exist');
      const data = await visit(t, `/api/shared/${token}`);
      expect(data.status).toBe(404);
      expect(JSON.parse(data.text).message).toMatch(/^This link does not exist\./);
      expect((await visit(t, `/api/shared/${token}/report.pdf`)).status).toBe(404);
    },
  );
});

describe('what every shared answer carries', () => {
  it('X-Robots-Tag: noindex and Referrer-Policy: no-referrer, and no cookie even for a signed-in owner', async () => {
    const fixture = await ownerWithSharedReport(t, { pairCount: 1 });
    const report = await readReport(fixture.link.token);
    const cookie = [...fixture.owner.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const gone = await ownerWithSharedReport(t, { pairCount: 1 });
    await gone.owner.delete(`/api/share-links/${gone.link.id}`);
    const paths = [
      ...everySharedPath(fixture, report),
      `/r/${gone.link.token}`,
      `/api/shared/${gone.link.token}`,
      '/r/unknown-token-aaaaaaaaaaaaaaaa',
      '/api/shared/nope',
    ];
    for (const headers of [{}, { cookie }] as Record<string, string>[]) {
      for (const path of paths) {
        const response = await visit(t, path, { headers });
        expect(response.headers.get('x-robots-tag'), path).toBe('noindex');
        expect(response.headers.get('referrer-policy'), path).toBe('no-referrer');
        expect(response.headers.getSetCookie(), path).toEqual([]);
      }
    }
  });

  it('no shared cache keeps anything; a browser revalidates a photo and gets a 304 while the link lives', async () => {
    const fixture = await ownerWithSharedReport(t, { pairCount: 1 });
    const report = await readReport(fixture.link.token);
    expect((await visit(t, `/r/${fixture.link.token}`)).headers.get('cache-control')).toBe('no-store');
    expect((await visit(t, `/api/shared/${fixture.link.token}`)).headers.get('cache-control')).toBe('no-store');
    const thumbnail = await visit(t, report.pairs[0]!.after.thumbnailUrl);
    expect(thumbnail.headers.get('cache-control')).toBe('private, no-cache');
    const etag = thumbnail.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await visit(t, report.pairs[0]!.after.thumbnailUrl, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    await fixture.owner.delete(`/api/share-links/${fixture.link.id}`);
    expect((await visit(t, report.pairs[0]!.after.thumbnailUrl, { headers: { 'if-none-match': etag } })).status).toBe(410);
  });
});

describe('GET /r/{token}', () => {
  it('serves the page of a live link with a link preview naming the business and the client, names escaped', async () => {
    const fixture = await ownerWithSharedReport(t, {
      pairCount: 2,
      businessName: 'Bob & "Sons" <Cleaning>',
      clientName: "<script>alert('x')</script>",
      description: '',
    });
    const page = await visit(t, `/r/${fixture.link.token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const head = page.text.slice(0, page.text.indexOf('</head>'));
    const title = 'Before and after photos for &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; from Bob &amp; &quot;Sons&quot; &lt;Cleaning&gt;';
    expect(head).toContain(`<meta property="og:title" content="${title}" />`);
    expect(head).toContain(`<title>${title}</title>`);
    expect(page.text).not.toContain('<script>alert');
    expect(head).toContain('<meta property="og:description" content="2 before-and-after photo pairs. Tap to compare." />');
    expect(head).toContain(`<meta property="og:url" content="${APP_URL}/r/${fixture.link.token}" />`);
    // og:image: the first pair side by side, 1200x630, absolute under APP_URL, and it is served.
    const image = /<meta property="og:image" content="([^"]+)" \/>/.exec(head)?.[1];
    expect(image).toBe(`${APP_URL}/api/shared/${fixture.link.token}/preview.jpg`);
    expect(head).toContain('<meta property="og:image:width" content="1200" />');
    expect(head).toContain('<meta property="og:image:height" content="630" />');
    const served = await visit(t, image!.slice(APP_URL.length));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(served.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
  });

  it('the preview picture shows the before on the left and the after on the right, and is made once', async () => {
    const owner = t.client();
    await registerUser(owner);
    const project = await createProject(owner);
    // A red before and a blue after, so each half's colour says which photo it is.
    const solid = (background: string) =>
      sharp({ create: { width: 400, height: 300, channels: 3, background } })
        .jpeg()
        .toBuffer();
    const upload = async (type: 'before' | 'after', colour: string) =>
      (await uploadRawPhoto(owner, project.id, type, await solid(colour))).body as { id: number };
    const before = await upload('before', '#d00000');
    const after = await upload('after', '#0000d0');
    expect((await owner.post(`/api/projects/${project.id}/photo-pairs`, { beforePhotoId: before.id, afterPhotoId: after.id })).status).toBe(201);
    const link = await createShareLink(owner, project.id);
    const url = `/api/shared/${link.token}/preview.jpg`;
    const first = await visit(t, url);
    expect(first.status).toBe(200);
    const { data, info } = await sharp(first.bytes).resize(2, 1, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
    const [leftRed = 0, , leftBlue = 0] = data.subarray(0, info.channels);
    const [rightRed = 0, , rightBlue = 0] = data.subarray(info.channels, 2 * info.channels);
    expect(leftRed).toBeGreaterThan(leftBlue + 100);
    expect(rightBlue).toBeGreaterThan(rightRed + 100);
    // The same bytes again (kept), and a 304 for the same ETag.
    const second = await visit(t, url);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    const etag = first.headers.get('etag') ?? '';
    expect((await visit(t, url, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('uses the description as the preview text, shortened', async () => {
    const fixture = await ownerWithSharedReport(t, { pairCount: 1, description: `Oven, hob and extractor. ${'Grout scrubbed and sealed. '.repeat(20)}` });
    const head = (await visit(t, `/r/${fixture.link.token}`)).text;
    const description = /<meta property="og:description" content="([^"]+)" \/>/.exec(head)?.[1] ?? '';
    expect(description).toMatch(/^Oven, hob and extractor\. Grout scrubbed/);
    expect(description.length).toBeLessThanOrEqual(200);
    expect(description.endsWith('…')).toBe(true);
  });

  it('starts fetching the report and the first pair with the page', async () => {
    const fixture = await ownerWithSharedReport(t, { pairCount: 2 });
    const head = (await visit(t, `/r/${fixture.link.token}`)).text;
    expect(head).toContain(`<link rel="preload" href="/api/shared/${fixture.link.token}" as="fetch" crossorigin="use-credentials" />`);
    for (const photo of [fixture.pairs[0]!.before, fixture.pairs[0]!.after]) {
      const base = `/api/shared/${fixture.link.token}/photos/${photo.id}`;
      // A photo no wider than its thumbnail has only itself to offer.
      const srcset = `${base}/image 64w`;
      expect(head).toContain(
        `<link rel="preload" href="${base}/thumbnail" imagesrcset="${srcset}" imagesizes="(min-width: 1024px) 484px, calc(100vw - 2rem)" as="image" fetchpriority="high" />`,
      );
    }
  });
});

describe('limits per address', () => {
  it(`allows ${RATE_LIMITS.sharedReportPerAddress.max} shared-report requests per address in ${RATE_LIMITS.sharedReportPerAddress.windowMs / 60_000} minutes, then 429 with Retry-After; other addresses go on`, async () => {
    const fixture = await ownerWithSharedReport(t, { pairCount: 1 });
    const address = '203.0.113.77';
    const paths = [`/r/unknown-aaaaaaaaaaaaaaaaaaaaaaaa`, `/api/shared/unknown`];
    let sent = 0;
    while (sent < RATE_LIMITS.sharedReportPerAddress.max) {
      await Promise.all(Array.from({ length: 50 }, (_, i) => visit(t, paths[i % 2]!, { address })));
      sent += 50;
    }
    for (const path of [`/api/shared/${fixture.link.token}`, `/r/${fixture.link.token}`]) {
      const refused = await visit(t, path, { address });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(JSON.parse(refused.text).message).toMatch(/^Too many requests for shared reports from this address\. Please wait \d+ minutes? and try again\.$/);
    }
    expect((await visit(t, `/api/shared/${fixture.link.token}`)).status).toBe(200);
  });

  it(`allows ${RATE_LIMITS.sharedPdfPerAddress.max} shared PDFs per address in ${RATE_LIMITS.sharedPdfPerAddress.windowMs / 60_000} minutes`, async () => {
    const fixture = await ownerWithSharedReport(t, { pairCount: 1 });
    const address = '203.0.113.78';
    for (let i = 0; i < RATE_LIMITS.sharedPdfPerAddress.max; i += 1)
      expect((await visit(t, `/api/shared/${fixture.link.token}/report.pdf`, { address })).status).toBe(200);
    const refused = await visit(t, `/api/shared/${fixture.link.token}/report.pdf`, { address });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect((await visit(t, `/api/shared/${fixture.link.token}/report.pdf`)).status).toBe(200);
  });
});
