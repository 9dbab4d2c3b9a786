import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { buildReportPdf, type ReportFonts, type ReportPdfInput, type ReportPdfPair } from './report-layout';
import { formatReportDate } from '../shared/format';
import { loadReportFonts } from '../server/projects/report-pdf-fonts';
import { makePhotoJpeg } from '../server/test-support/photo-fixtures';
import { inspectPdf } from '../server/test-support/pdf-inspection';

let fonts: ReportFonts;
const landscape: Buffer[] = [];
let portrait: Buffer;

beforeAll(async () => {
  fonts = await loadReportFonts();
  // Distinct, photo-like JPEGs at the stored size (spec §9: within 1024x768, quality 0.6).
  for (let seed = 1; seed <= 6; seed += 1) landscape.push(await makePhotoJpeg(1024, 768, { seed, quality: 60 }));
  portrait = await makePhotoJpeg(576, 768, { seed: 99, quality: 60 });
}, 30_000);

function pairs(count: number): ReportPdfPair[] {
  return Array.from({ length: count }, (_, i) => ({ before: landscape[(2 * i) % 6]!, after: landscape[(2 * i + 1) % 6]! }));
}

function report(overrides: Partial<ReportPdfInput> = {}): ReportPdfInput {
  return {
    businessName: 'Sparkle Cleaning Co',
    clientName: 'Jane Smith',
    description: 'Kitchen deep clean',
    dateText: '22 November 2026',
    pairs: pairs(1),
    ...overrides,
  };
}

// Real PDFs read back with pdf.js: allow for a busy 2-core machine.
describe('buildReportPdf', { timeout: 30_000 }, () => {
  it('makes A4 portrait pages with the business, client, labels and a page number on every page', async () => {
    const pdf = await inspectPdf(await buildReportPdf(report({ pairs: pairs(7) }), fonts));
    expect(pdf.pageCount).toBeGreaterThan(1);
    pdf.pageSizesMm.forEach((size) => {
      expect(size.width).toBeCloseTo(210, 1);
      expect(size.height).toBeCloseTo(297, 1);
    });
    pdf.pageTexts.forEach((text, index) => {
      expect(text).toContain('Sparkle Cleaning Co');
      expect(text).toContain('Jane Smith');
      expect(text).toContain('BEFORE');
      expect(text).toContain('AFTER');
      expect(text).toContain(`Page ${index + 1} of ${pdf.pageCount}`);
    });
    expect(pdf.pageTexts[0]).toContain('22 November 2026');
    expect(pdf.pageTexts[0]).toContain('Kitchen deep clean');
    // The letter-spaced heading reads back as 'B E F O R E & …', so it never counts as a label.
    expect(pdf.pageTexts[0]!.replace(/ /g, '')).toContain('BEFORE&AFTERREPORT');
    // Every pair is on some page: 7 BEFORE and 7 AFTER labels in all.
    const labels = pdf.pageTexts.join('\n');
    expect(labels.match(/\bBEFORE\b/g)?.length).toBe(7);
    expect(labels.match(/\bAFTER\b/g)?.length).toBe(7);
  });

  it.each([
    [1, 1],
    [3, 1],
    [20, 7],
  ])('puts %i pairs of 4:3 photos on %i page(s): three pairs fit on a page', async (pairCount, expectedPages) => {
    const pdf = await inspectPdf(await buildReportPdf(report({ pairs: pairs(pairCount) }), fonts));
    expect(pdf.pageCount).toBe(expectedPages);
    expect(pdf.drawnImages.flat()).toHaveLength(2 * pairCount);
    pdf.drawnImages.forEach((onPage) => expect(onPage.length).toBeLessThanOrEqual(6));
  });

  it('starts a new page when the next pair does not fit, and never draws into the margins or footer', async () => {
    const mixed = [...pairs(2), { before: portrait, after: landscape[0]! }];
    const pdf = await inspectPdf(await buildReportPdf(report({ pairs: mixed }), fonts));
    // Two 4:3 pairs leave too little room for a pair with an 85 mm tall portrait photo.
    expect(pdf.pageCount).toBe(2);
    expect(pdf.drawnImages[1]).toHaveLength(2);
    for (const image of pdf.drawnImages.flat()) {
      expect(image.leftMm).toBeGreaterThanOrEqual(15 - 1e-6);
      expect(image.leftMm + image.widthMm).toBeLessThanOrEqual(195 + 1e-6);
      expect(image.topMm).toBeGreaterThanOrEqual(15);
      expect(image.topMm + image.heightMm).toBeLessThanOrEqual(297 - 15 - 4);
    }
  });

  it('lays each pair side by side, at most 85 mm wide, 6 mm apart, with the aspect ratio kept', async () => {
    const mixed = [
      { before: landscape[0]!, after: landscape[1]! },
      { before: portrait, after: landscape[2]! },
    ];
    const pdf = await inspectPdf(await buildReportPdf(report({ pairs: mixed }), fonts));
    const [first, second] = [pdf.drawnImages.flat().slice(0, 2), pdf.drawnImages.flat().slice(2, 4)];
    const [before, after] = first as [NonNullable<(typeof first)[0]>, NonNullable<(typeof first)[0]>];
    expect(before.widthMm).toBeCloseTo(85, 3);
    expect(before.heightMm).toBeCloseTo(85 * 0.75, 3);
    expect(after.leftMm - (before.leftMm + before.widthMm)).toBeCloseTo(6, 3);
    expect(after.topMm).toBeCloseTo(before.topMm, 3);
    const portraitImage = second?.[0];
    expect(portraitImage?.widthMm).toBeLessThanOrEqual(85);
    expect((portraitImage?.widthMm ?? 0) / (portraitImage?.heightMm ?? 1)).toBeCloseTo(576 / 768, 4);
  });

  it('embeds every photo byte for byte, never re-encoded', async () => {
    const input = pairs(5);
    const pdf = await inspectPdf(await buildReportPdf(report({ pairs: input }), fonts));
    expect(pdf.images).toHaveLength(10);
    const embedded = pdf.images.map((image) => Buffer.from(image.bytes).toString('base64')).sort();
    const stored = input
      .flatMap((pair) => [pair.before, pair.after])
      .map((bytes) => Buffer.from(bytes).toString('base64'))
      .sort();
    expect(embedded).toEqual(stored);
    pdf.images.forEach((image) => expect(image.filter).toBe('/DCTDecode'));
  });

  it('stays within 2% of the photo bytes plus a few kilobytes', async () => {
    const input = pairs(20);
    const bytes = await buildReportPdf(report({ pairs: input }), fonts);
    const photoBytes = input.reduce((sum, pair) => sum + pair.before.length + pair.after.length, 0);
    expect(bytes.length).toBeLessThan(photoBytes * 1.02 + 20_000);
  });

  it('cuts a long description to one line with an ellipsis', async () => {
    const description = `Deep clean of the kitchen and both bathrooms ${'including grout, tiles, oven and windows '.repeat(8)}END-MARKER`;
    const pdf = await inspectPdf(await buildReportPdf(report({ description: `${description}\nsecond line` }), fonts));
    const line = pdf.pageTexts[0]!.split('\n').find((l) => l.startsWith('Deep clean of the kitchen'));
    expect(line).toMatch(/…$/);
    expect(line!.length).toBeLessThan(description.length);
    expect(pdf.pageTexts[0]).not.toContain('END-MARKER');
    expect(pdf.pageTexts[0]).not.toContain('second line');
  });

  it('draws accented and non-Latin names as text', async () => {
    const clientName = 'José Müller-Łukasz, Zoë Ångström, Ελένη, Дмитрий';
    const businessName = 'Ørsted & Søn Nettoyage Café';
    const pdf = await inspectPdf(await buildReportPdf(report({ clientName, businessName }), fonts));
    expect(pdf.pageTexts[0]).toContain(clientName);
    expect(pdf.pageTexts[0]).toContain(businessName);
  });

  it('draws text that looks like PDF syntax literally', async () => {
    const clientName = 'Smith) Tj (evil) /JavaScript << >> \\';
    const pdf = await inspectPdf(await buildReportPdf(report({ clientName }), fonts));
    expect(pdf.pageTexts[0]).toContain(clientName);
    expect(pdf.images).toHaveLength(2);
  });

  it('does not fail on characters the font lacks', async () => {
    const pdf = await inspectPdf(await buildReportPdf(report({ clientName: '山田 🧽 Jane' }), fonts));
    expect(pdf.pageTexts[0]).toContain('Jane');
  });

  it('shows "Untitled Report" when the client name is empty', async () => {
    const pdf = await inspectPdf(await buildReportPdf(report({ clientName: '  ' }), fonts));
    expect(pdf.pageTexts[0]).toContain('Untitled Report');
  });

  it('draws a PNG logo within 18 by 12 mm with its aspect ratio kept', async () => {
    const logo = await sharp({ create: { width: 600, height: 200, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 0.8 } } })
      .png()
      .toBuffer();
    const pdf = await inspectPdf(await buildReportPdf(report({ logo }), fonts));
    // The PNG is one image (plus its alpha as a soft mask); the photos stay JPEG.
    expect(pdf.images.filter((image) => image.filter === '/DCTDecode')).toHaveLength(2);
    expect(pdf.images.filter((image) => image.width === 600 && image.height === 200)).toHaveLength(2);
    const drawn = pdf.drawnImages[0]!;
    expect(drawn).toHaveLength(3);
    const logoImage = drawn.find((image) => image.widthMm < 85);
    expect(logoImage).toBeDefined();
    expect(logoImage!.widthMm).toBeCloseTo(18, 3);
    expect(logoImage!.heightMm).toBeCloseTo(6, 3);
    expect(logoImage!.leftMm).toBeCloseTo(15, 3);
    expect(logoImage!.topMm).toBeGreaterThanOrEqual(15);
    expect(pdf.pageTexts[0]).toContain('Sparkle Cleaning Co');
  });

  it('accepts a JPEG logo and fits a tall one to 12 mm high', async () => {
    const logo = await sharp({ create: { width: 100, height: 300, channels: 3, background: '#0f766e' } })
      .jpeg()
      .toBuffer();
    const pdf = await inspectPdf(await buildReportPdf(report({ logo }), fonts));
    const logoImage = pdf.drawnImages[0]!.find((image) => image.widthMm < 85)!;
    expect(logoImage.heightMm).toBeCloseTo(12, 3);
    expect(logoImage.widthMm).toBeCloseTo(4, 3);
  });

  it("embeds photos and logos that are slices of a larger buffer (small S3 reads come from Node's pool)", async () => {
    const inPool = (bytes: Buffer) => {
      const pool = Buffer.concat([Buffer.from('bytes of other reads before this one'), bytes, Buffer.from('and after')]);
      return pool.subarray(36, 36 + bytes.length);
    };
    const small = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const logo = await sharp({ create: { width: 60, height: 20, channels: 4, background: '#0f766e' } })
      .png()
      .toBuffer();
    const slice = inPool(small);
    expect(slice.byteOffset).toBeGreaterThan(0);
    const pdf = await inspectPdf(await buildReportPdf(report({ logo: inPool(logo), pairs: [{ before: slice, after: inPool(landscape[0]!) }] }), fonts));
    expect(pdf.images.map((image) => Buffer.from(image.bytes).toString('base64'))).toEqual(
      expect.arrayContaining([small.toString('base64'), landscape[0]!.toString('base64')]),
    );
    expect(pdf.drawnImages[0]).toHaveLength(3);
  });

  it('refuses a photo that is not a JPEG', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await expect(buildReportPdf(report({ pairs: [{ before: png, after: landscape[0]! }] }), fonts)).rejects.toThrow();
  });

  it('builds reports side by side correctly (the parsed font is shared)', async () => {
    const [first, second] = await Promise.all([
      buildReportPdf(report({ clientName: 'Ølga Ærø', pairs: pairs(4) }), fonts),
      buildReportPdf(report({ clientName: 'Дмитрий Ψ', pairs: pairs(4) }), fonts),
    ]);
    const [a, b] = await Promise.all([inspectPdf(first), inspectPdf(second)]);
    expect(a.pageTexts[0]).toContain('Ølga Ærø');
    expect(a.pageTexts[0]).not.toContain('Дмитрий');
    expect(b.pageTexts[0]).toContain('Дмитрий Ψ');
    expect(b.pageTexts[1]).toContain('Sparkle Cleaning Co');
  });

  it('yields after every pair when asked', async () => {
    const seen: string[] = [];
    await buildReportPdf(report({ pairs: pairs(4) }), fonts, { afterPair: (done, total) => void seen.push(`${done}/${total}`) });
    expect(seen).toEqual(['1/4', '2/4', '3/4', '4/4']);
  });
});

describe('the capture-time line under each pair', { timeout: 30_000 }, () => {
  const timed = (count: number, before: string | null, after: string | null): ReportPdfPair[] =>
    pairs(count).map((pair) => ({ ...pair, beforeCapturedAt: before, afterCapturedAt: after }));

  it('prints when both photos were taken, in the business’s time zone, under every pair', async () => {
    const pdf = await inspectPdf(
      await buildReportPdf(report({ timeZone: 'Europe/Madrid', pairs: timed(4, '2026-11-21T08:14:00Z', '2026-11-21T10:02:00Z') }), fonts),
    );
    const lines = pdf.pageTexts
      .join('\n')
      .split('\n')
      .filter((line) => line.startsWith('Before '));
    expect(lines).toEqual(Array(4).fill('Before 09:14 · After 11:02 · 21 Nov 2026'));
  });

  it('gives each photo its day when they were taken on different days', async () => {
    const pdf = await inspectPdf(await buildReportPdf(report({ timeZone: 'UTC', pairs: timed(1, '2026-11-20T17:40:00Z', '2026-11-21T09:02:00Z') }), fonts));
    expect(pdf.pageTexts[0]).toContain('Before 20 Nov 2026 17:40 · After 21 Nov 2026 09:02');
  });

  it('leaves the line out when either time is unknown', async () => {
    const pdf = await inspectPdf(
      await buildReportPdf(
        report({ pairs: [...timed(1, null, '2026-11-21T09:02:00Z'), ...timed(1, '2026-11-21T09:02:00Z', undefined as unknown as null), ...pairs(1)] }),
        fonts,
      ),
    );
    expect(pdf.pageTexts.join('\n')).not.toMatch(/Before \d/);
  });

  it('still fits three 4:3 pairs on a page with their lines, clear of the footer', async () => {
    const pdf = await inspectPdf(await buildReportPdf(report({ pairs: timed(9, '2026-11-21T08:14:00Z', '2026-11-21T10:02:00Z') }), fonts));
    expect(pdf.pageCount).toBe(3);
    expect(pdf.drawnImages.map((page) => page.length)).toEqual([6, 6, 6]);
  });
});

describe("the client's resolved issues", { timeout: 30_000 }, () => {
  const issue = (n: number) => ({
    pairNumber: 1,
    note: `Streak number ${n} on the glass`,
    resolvedOn: '24 November 2026',
    resolutionNote: `Re-cleaned, visit ${n}`,
  });

  it('are listed after the pairs, each with its pair, its note and how it was resolved', async () => {
    const pdf = await inspectPdf(await buildReportPdf(report({ resolvedIssues: [issue(1), { ...issue(2), pairNumber: null, resolutionNote: null }] }), fonts));
    const text = pdf.pageTexts.join('\n');
    expect(text).toContain('Issues raised by the client, and how they were resolved');
    expect(text).toContain('Pair 1 · Streak number 1 on the glass');
    expect(text).toContain('Resolved 24 November 2026: Re-cleaned, visit 1');
    // A pair no longer printed is not named, and a resolution without a note is the date alone.
    expect(text).toMatch(/^Streak number 2 on the glass$/m);
    expect(text).toMatch(/^Resolved 24 November 2026$/m);
    expect(text.indexOf('AFTER')).toBeLessThan(text.indexOf('Issues raised by the client'));
  });

  it('run onto a new page with its header when they do not fit', async () => {
    const pdf = await inspectPdf(await buildReportPdf(report({ pairs: pairs(3), resolvedIssues: Array.from({ length: 30 }, (_, i) => issue(i + 1)) }), fonts));
    expect(pdf.pageCount).toBeGreaterThan(2);
    const last = pdf.pageTexts.at(-1)!;
    expect(last).toContain('Streak number 30 on the glass');
    expect(last).toContain(`Page ${pdf.pageCount} of ${pdf.pageCount}`);
  });

  it('are left out when there are none', async () => {
    const pdf = await inspectPdf(await buildReportPdf(report({ resolvedIssues: [] }), fonts));
    expect(pdf.pageTexts.join('\n')).not.toContain('Issues raised');
  });
});

describe('formatReportDate', () => {
  it('prints the day, the English month and the year', () => {
    expect(formatReportDate(new Date(2026, 10, 22, 23, 59), 'en')).toBe('22 November 2026');
    expect(formatReportDate(new Date(2027, 0, 1), 'en')).toBe('1 January 2027');
  });
});
