// The report PDF (spec §9): report data + JPEG bytes -> PDF bytes. No DOM and no Node APIs, so the
// very same module runs in the browser (export button) and on the server (GET report.pdf).
//
// JPEG bytes go into the PDF as they are (embedJpg writes a DCTDecode stream without decoding),
// so the document is barely larger than its photos and exactly as sharp. Everything a user typed
// is drawn as text with an embedded Unicode font subset, never interpreted.
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, popGraphicsState, pushGraphicsState, rgb, setCharacterSpacing, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import { installFastStreamCopy } from './fast-stream-copy.js';
import { fitWithin, truncateToWidth, toSingleLine, type Size } from './text-fit.js';
import { formatCaptureLine } from './capture-line.js';

import { REPORT_PDF_TEXT, type ReportPdfText } from './report-text.js';
import type { Locale } from '../shared/preferences.js';

export interface ReportPdfPair {
  /** The stored JPEG of the before photo, embedded byte for byte. */
  before: Uint8Array;
  after: Uint8Array;
  /** When each photo was taken (ISO 8601); the capture line is left out when either is unknown. */
  beforeCapturedAt?: string | null;
  afterCapturedAt?: string | null;
  /** The report area both photos are of (a report made from a template). */
  areaId?: number | null;
  /** Who took each photo, named on the capture line (left out for a business of one). */
  beforeTakenBy?: string | null;
  afterTakenBy?: string | null;
}

/** An area of a report made from a template, in template order: its pairs are printed under its heading. */
export interface ReportPdfArea {
  id: number;
  name: string;
  /** The pairs its minimums ask for (the larger of minBefore and minAfter). */
  required: number;
  skipped: { reason: 'no_access' | 'occupied' | 'not_in_scope' | 'other'; note: string | null } | null;
}

export interface ReportPdfInput {
  businessName: string;
  /** PNG or JPEG bytes; without a logo the header shows the business name alone. */
  logo?: Uint8Array | null;
  clientName: string;
  description: string;
  /** The report's date as shown in the header (formatReportDate in src/shared/format.ts). */
  dateText: string;
  /** "Approved by Jane Smith · 24 Nov 2026 18:10 · version 3f9a1c…" when the client approved this very version. */
  approvalLine?: string;
  /** The IANA zone capture times are printed in (the owner's users.timeZone); UTC when not given. */
  timeZone?: string;
  pairs: readonly ReportPdfPair[];
  /** The owner's language (users.locale) for the PDF's own words; English when left out. */
  locale?: Locale;
  /** A templated report's areas: pairs grouped under them. Left out (or empty), pairs print as one list. */
  areas?: readonly ReportPdfArea[];
  /** The client's issues the business resolved, listed after the pairs. */
  resolvedIssues?: readonly ReportPdfIssue[];
}

export interface ReportPdfIssue {
  /** Its pair's number in the report (from 1); null when that pair is not printed. */
  pairNumber: number | null;
  note: string;
  /** When it was resolved, as the report's dates are written. */
  resolvedOn: string;
  resolutionNote: string | null;
}

/** A Unicode TrueType font in two weights (DejaVu Sans: Latin with accents, Greek, Cyrillic, ...). */
export interface ReportFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}

export interface BuildReportPdfOptions {
  /** Called after each pair is laid out; the browser passes a function that yields to the page. */
  afterPair?: (done: number, total: number) => void | Promise<void>;
  /** Objects written between yields while saving (pdf-lib yields with setTimeout between batches). */
  objectsPerTick?: number;
}

// ---- geometry (spec §9: A4 portrait, millimetres, 15 mm margin) ----------------------------------
export const PAGE_WIDTH_MM = 210;
export const PAGE_HEIGHT_MM = 297;
export const MARGIN_MM = 15;
export const LOGO_MAX_MM: Size = { width: 18, height: 12 };
export const PHOTO_MAX_WIDTH_MM = 85;
/** Portrait photos are held to a square box so a pair never takes a whole page. */
export const PHOTO_MAX_HEIGHT_MM = 85;
export const PHOTO_GAP_MM = 6;
const CONTENT_WIDTH_MM = PAGE_WIDTH_MM - 2 * MARGIN_MM;
const ROW_LEFT_MM = MARGIN_MM + (CONTENT_WIDTH_MM - (2 * PHOTO_MAX_WIDTH_MM + PHOTO_GAP_MM)) / 2;
const LABEL_HEIGHT_MM = 5;
/**
 * The capture-time line sits in the gap below its pair (baseline this far under the photos), so
 * three 4:3 pairs still fit on a page; it reaches this far down, descenders included.
 */
const CAPTION_BASELINE_MM = 3.2;
const CAPTION_DEPTH_MM = 3.8;
const PAIR_SPACING_MM = 7;
const AREA_HEADING_MM = 8;
const AREA_SKIP_LINE_MM = 5;
/** A resolved issue: its note and its resolution, one line each, and a gap. */
const ISSUE_HEIGHT_MM = 12;
const FIRST_PAGE_BODY_TOP_MM = 53;
const NEXT_PAGE_BODY_TOP_MM = 26;
const FOOTER_RULE_MM = PAGE_HEIGHT_MM - MARGIN_MM - 4;
const BODY_BOTTOM_MM = FOOTER_RULE_MM - 3;

const INK = rgb(0.09, 0.11, 0.16);
const MUTED = rgb(0.39, 0.43, 0.5);
const BRAND = rgb(0.059, 0.463, 0.431); // brand-700, #0f766e
const HAIRLINE = rgb(0.8, 0.83, 0.87);

const PT_PER_MM = 72 / 25.4;

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

type FontkitFont = ReturnType<Fontkit['create']>;

// Parsing a 750 KB font and building its shaping tables costs far more than laying out a report,
// so each font is parsed once per process (or page) and shared by every document made from it.
// A fontkit font is read-only once parsed; each document still gets its own glyph subset.
const parsedFonts = new WeakMap<Uint8Array, FontkitFont>();
const cachingFontkit: Fontkit = {
  create(bytes, postscriptName) {
    let font = parsedFonts.get(bytes);
    if (!font) {
      font = rememberLayouts((fontkit as Fontkit).create(bytes, postscriptName));
      parsedFonts.set(bytes, font);
    }
    return font;
  },
};

/** Distinct texts whose shaping is kept per font (labels, headers, footers, dates repeat). */
const LAYOUTS_KEPT = 2000;

/**
 * Shaping a text with DejaVu's OpenType tables is the costliest step of a report (profiled: ~70 ms
 * of a 20-pair PDF's ~110 ms), and pdf-lib shapes every text at least twice (to measure it, then
 * to draw it), while most texts repeat from pair to pair and report to report. The result is kept
 * per text: pdf-lib only reads the glyphs and positions of a run.
 */
function rememberLayouts(font: FontkitFont): FontkitFont {
  const layout = font.layout.bind(font);
  const runs = new Map<string, ReturnType<FontkitFont['layout']>>();
  font.layout = (text, features) => {
    if (features !== undefined) return layout(text, features);
    let run = runs.get(text);
    if (!run) {
      if (runs.size >= LAYOUTS_KEPT) runs.clear();
      run = layout(text);
      runs.set(text, run);
    }
    return run;
  };
  return font;
}
const pt = (mm: number) => mm * PT_PER_MM;

/** Builds the report PDF. Throws when a photo is not a JPEG or the logo is neither PNG nor JPEG. */
export async function buildReportPdf(input: ReportPdfInput, fonts: ReportFonts, options: BuildReportPdfOptions = {}): Promise<Uint8Array> {
  const doc = await layOutReportPdf(input, fonts, options);
  return doc.save({ useObjectStreams: true, objectsPerTick: options.objectsPerTick ?? 50 });
}

/**
 * Lays the report out as a document ready to save. The server's account export writes it its own
 * way (server/projects/report-pdf-photos-outside.ts): each photo's bytes streamed from the store
 * into the PDF rather than held in it, from a photo that here is only the JPEG's header.
 */
export async function layOutReportPdf(input: ReportPdfInput, fonts: ReportFonts, options: BuildReportPdfOptions = {}): Promise<PDFDocument> {
  installFastStreamCopy();
  const doc = await PDFDocument.create();
  doc.registerFontkit(cachingFontkit);
  const regular = await doc.embedFont(fonts.regular, { subset: true });
  const bold = await doc.embedFont(fonts.bold, { subset: true });

  const businessName = toSingleLine(input.businessName);
  const words = REPORT_PDF_TEXT[input.locale ?? 'en'];
  const clientTitle = toSingleLine(input.clientName) || words.untitled;
  doc.setTitle(words.documentTitle(clientTitle));
  doc.setAuthor(businessName);
  doc.setCreator('CleanProof');
  doc.setProducer('CleanProof');

  const writer = new PageWriter(doc, { regular, bold }, businessName, clientTitle, words);
  const logo = input.logo && input.logo.length > 0 ? await embedLogo(doc, input.logo) : undefined;
  writer.drawFirstPageHeader(logo, toSingleLine(input.description), toSingleLine(input.dateText), toSingleLine(input.approvalLine ?? ''));

  let done = 0;
  const drawPairs = async (pairs: readonly ReportPdfPair[]) => {
    for (const pair of pairs) {
      const before = await doc.embedJpg(wholeBuffer(pair.before));
      const after = await doc.embedJpg(wholeBuffer(pair.after));
      writer.drawPair(
        before,
        after,
        formatCaptureLine(pair.beforeCapturedAt, pair.afterCapturedAt, input.timeZone ?? 'UTC', input.locale ?? 'en', {
          before: pair.beforeTakenBy,
          after: pair.afterTakenBy,
        }),
      );
      done += 1;
      await options.afterPair?.(done, input.pairs.length);
    }
  };
  const areas = input.areas ?? [];
  if (areas.length === 0) await drawPairs(input.pairs);
  else {
    for (const area of areas) {
      const pairs = input.pairs.filter((pair) => pair.areaId === area.id);
      const skipLine = area.skipped
        ? `${words.skipped}: ${words.skipReasons[area.skipped.reason]}${area.skipped.note ? ` — ${toSingleLine(area.skipped.note)}` : ''}`
        : null;
      writer.drawAreaHeading(`${toSingleLine(area.name)} · ${words.areaCount(pairs.length, area.required)}`, skipLine);
      await drawPairs(pairs);
    }
    // A pair outside every area listed (none is expected) is still printed, last.
    const listed = new Set(areas.map((area) => area.id));
    await drawPairs(input.pairs.filter((pair) => pair.areaId == null || !listed.has(pair.areaId)));
  }
  const issues = input.resolvedIssues ?? [];
  if (issues.length > 0) {
    writer.drawAreaHeading(words.resolvedIssues, null);
    for (const issue of issues) {
      const pair = issue.pairNumber === null ? '' : `${words.issueOnPair(issue.pairNumber)} · `;
      const resolution = `${words.resolvedOn(issue.resolvedOn)}${issue.resolutionNote ? `: ${toSingleLine(issue.resolutionNote)}` : ''}`;
      writer.drawIssue(`${pair}${toSingleLine(issue.note)}`, resolution);
    }
  }
  writer.drawFooters();
  return doc;
}

/**
 * The bytes in an ArrayBuffer of their own. pdf-lib's JPEG reader looks at `bytes.buffer` from
 * its start, but a small Buffer is often a slice of Node's shared pool (the S3 store's reads
 * under 4 KB are): read from the pool's start, such a photo or logo fails as "SOI not found".
 */
function wholeBuffer(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}

/** Logos are stored as PNG or JPEG (decoded and re-encoded on upload); the magic bytes say which. */
async function embedLogo(doc: PDFDocument, bytes: Uint8Array): Promise<PDFImage> {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return doc.embedPng(wholeBuffer(bytes));
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return doc.embedJpg(wholeBuffer(bytes));
  throw new Error('The business logo must be a PNG or JPEG image');
}

/** Lays pages out top-down in millimetres and keeps track of the cursor. */
class PageWriter {
  private readonly pages: PDFPage[] = [];
  private page: PDFPage;
  private cursorMm = FIRST_PAGE_BODY_TOP_MM;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
    private readonly businessName: string,
    private readonly clientTitle: string,
    private readonly words: ReportPdfText,
  ) {
    this.page = this.addPage();
  }

  private addPage(): PDFPage {
    const page = this.doc.addPage([pt(PAGE_WIDTH_MM), pt(PAGE_HEIGHT_MM)]);
    this.pages.push(page);
    return page;
  }

  /** Text with its baseline at `baselineMm` from the top; `align: 'right'` ends it at xMm. */
  private text(
    value: string,
    xMm: number,
    baselineMm: number,
    font: PDFFont,
    size: number,
    color = INK,
    options: { align?: 'left' | 'right'; tracking?: number } = {},
  ): void {
    if (!value) return;
    const tracking = options.tracking ?? 0;
    const width = font.widthOfTextAtSize(value, size) + tracking * Array.from(value).length;
    const x = options.align === 'right' ? pt(xMm) - width : pt(xMm);
    if (tracking) this.page.pushOperators(pushGraphicsState(), setCharacterSpacing(tracking));
    this.page.drawText(value, { x, y: pt(PAGE_HEIGHT_MM - baselineMm), font, size, color });
    if (tracking) this.page.pushOperators(popGraphicsState());
  }

  private rule(yMm: number, thickness: number, color = HAIRLINE): void {
    const y = pt(PAGE_HEIGHT_MM - yMm);
    this.page.drawLine({ start: { x: pt(MARGIN_MM), y }, end: { x: pt(PAGE_WIDTH_MM - MARGIN_MM), y }, thickness, color });
  }

  private widthMm(value: string, font: PDFFont, size: number, tracking = 0): number {
    return (font.widthOfTextAtSize(value, size) + tracking * Array.from(value).length) / PT_PER_MM;
  }

  private fit(value: string, font: PDFFont, size: number, maxWidthMm: number): string {
    return truncateToWidth(value, (candidate) => font.widthOfTextAtSize(candidate, size), pt(maxWidthMm));
  }

  drawFirstPageHeader(logo: PDFImage | undefined, description: string, dateText: string, approvalLine = ''): void {
    const { regular, bold } = this.fonts;
    const right = PAGE_WIDTH_MM - MARGIN_MM;
    let nameLeft = MARGIN_MM;
    if (logo) {
      const box = fitWithin({ width: logo.width, height: logo.height }, LOGO_MAX_MM);
      const top = MARGIN_MM + (LOGO_MAX_MM.height - box.height) / 2;
      this.page.drawImage(logo, { x: pt(MARGIN_MM), y: pt(PAGE_HEIGHT_MM - top - box.height), width: pt(box.width), height: pt(box.height) });
      nameLeft = MARGIN_MM + box.width + 4;
    }

    const kicker = this.words.kicker;
    const kickerWidth = this.widthMm(kicker, bold, 7.5, 0.8);
    const nameMaxWidth = right - nameLeft - Math.max(kickerWidth, this.widthMm(dateText, regular, 9)) - 6;
    // A long business name steps down from 16 pt to 11 pt before it is cut.
    let nameSize = 16;
    while (nameSize > 11 && this.widthMm(this.businessName, bold, nameSize) > nameMaxWidth) nameSize -= 0.5;
    this.text(this.fit(this.businessName, bold, nameSize, nameMaxWidth), nameLeft, MARGIN_MM + 8, bold, nameSize);
    this.text(kicker, right, MARGIN_MM + 4.5, bold, 7.5, BRAND, { align: 'right', tracking: 0.8 });
    this.text(dateText, right, MARGIN_MM + 10, regular, 9, MUTED, { align: 'right' });
    this.rule(MARGIN_MM + 15, 1.2, BRAND);

    this.text(this.words.client, MARGIN_MM, MARGIN_MM + 21, bold, 7, MUTED, { tracking: 0.8 });
    // The client's approval, on the client label's line at the right: it never pushes the pairs down.
    if (approvalLine) this.text(this.fit(approvalLine, bold, 8, CONTENT_WIDTH_MM - 30), right, MARGIN_MM + 21, bold, 8, BRAND, { align: 'right' });
    this.text(this.fit(this.clientTitle, bold, 13, CONTENT_WIDTH_MM), MARGIN_MM, MARGIN_MM + 27, bold, 13);
    // spec §9: the description is cut to one line with an ellipsis.
    this.text(this.fit(description, regular, 9.5, CONTENT_WIDTH_MM), MARGIN_MM, MARGIN_MM + 33, regular, 9.5, MUTED);
  }

  private drawNextPageHeader(): void {
    const { regular, bold } = this.fonts;
    const half = CONTENT_WIDTH_MM / 2 - 3;
    this.text(this.fit(this.businessName, bold, 9, half), MARGIN_MM, MARGIN_MM + 4, bold, 9);
    this.text(this.fit(this.clientTitle, regular, 9, half), PAGE_WIDTH_MM - MARGIN_MM, MARGIN_MM + 4, regular, 9, MUTED, { align: 'right' });
    this.rule(MARGIN_MM + 7, 0.6, BRAND);
  }

  /** An area's heading ("Kitchen · 2 of 2"), and why it was skipped; a new page when it and a pair's worth of room do not fit. */
  drawAreaHeading(title: string, skipLine: string | null): void {
    const { regular, bold } = this.fonts;
    const height = AREA_HEADING_MM + (skipLine ? AREA_SKIP_LINE_MM : 0);
    const roomAfter = skipLine ? 0 : LABEL_HEIGHT_MM + 40;
    if (this.cursorMm + height + roomAfter > BODY_BOTTOM_MM) {
      this.page = this.addPage();
      this.drawNextPageHeader();
      this.cursorMm = NEXT_PAGE_BODY_TOP_MM;
    }
    this.text(this.fit(title, bold, 11, CONTENT_WIDTH_MM), MARGIN_MM, this.cursorMm + 5, bold, 11);
    if (skipLine) this.text(this.fit(skipLine, regular, 9, CONTENT_WIDTH_MM), MARGIN_MM, this.cursorMm + 5 + AREA_SKIP_LINE_MM, regular, 9, MUTED);
    this.cursorMm += height;
  }

  /** One resolved issue: what the client said, then how it was resolved, each on one line. */
  drawIssue(note: string, resolution: string): void {
    const { regular, bold } = this.fonts;
    if (this.cursorMm + ISSUE_HEIGHT_MM > BODY_BOTTOM_MM) {
      this.page = this.addPage();
      this.drawNextPageHeader();
      this.cursorMm = NEXT_PAGE_BODY_TOP_MM;
    }
    this.text(this.fit(note, bold, 9.5, CONTENT_WIDTH_MM), MARGIN_MM, this.cursorMm + 4, bold, 9.5);
    this.text(this.fit(resolution, regular, 9, CONTENT_WIDTH_MM), MARGIN_MM, this.cursorMm + 9, regular, 9, MUTED);
    this.cursorMm += ISSUE_HEIGHT_MM;
  }

  /** One pair: BEFORE left, AFTER right, each at most 85 mm wide, 6 mm apart (spec §9); under them when both were taken. */
  drawPair(before: PDFImage, after: PDFImage, captureLine: string | null): void {
    const maxBox: Size = { width: PHOTO_MAX_WIDTH_MM, height: PHOTO_MAX_HEIGHT_MM };
    const beforeBox = fitWithin({ width: before.width, height: before.height }, maxBox);
    const afterBox = fitWithin({ width: after.width, height: after.height }, maxBox);
    const blockHeight = LABEL_HEIGHT_MM + Math.max(beforeBox.height, afterBox.height);
    const fits = (top: number) => top + blockHeight <= BODY_BOTTOM_MM && (!captureLine || top + blockHeight + CAPTION_DEPTH_MM <= FOOTER_RULE_MM - 0.7);

    // spec §9: a new page when the next pair does not fit.
    if (!fits(this.cursorMm)) {
      this.page = this.addPage();
      this.drawNextPageHeader();
      this.cursorMm = NEXT_PAGE_BODY_TOP_MM;
    }
    this.drawPhoto(before, beforeBox, this.words.before, ROW_LEFT_MM);
    this.drawPhoto(after, afterBox, this.words.after, ROW_LEFT_MM + PHOTO_MAX_WIDTH_MM + PHOTO_GAP_MM);
    if (captureLine) {
      const { regular } = this.fonts;
      this.text(
        this.fit(captureLine, regular, 8, 2 * PHOTO_MAX_WIDTH_MM + PHOTO_GAP_MM),
        ROW_LEFT_MM,
        this.cursorMm + blockHeight + CAPTION_BASELINE_MM,
        regular,
        8,
        MUTED,
      );
    }
    this.cursorMm += blockHeight + PAIR_SPACING_MM;
  }

  private drawPhoto(image: PDFImage, box: Size, label: string, columnLeftMm: number): void {
    const left = columnLeftMm + (PHOTO_MAX_WIDTH_MM - box.width) / 2;
    const top = this.cursorMm + LABEL_HEIGHT_MM;
    this.text(label, left, this.cursorMm + 3.2, this.fonts.bold, 8, BRAND, { tracking: 0.3 });
    const rect = { x: pt(left), y: pt(PAGE_HEIGHT_MM - top - box.height), width: pt(box.width), height: pt(box.height) };
    this.page.drawImage(image, rect);
    this.page.drawRectangle({ ...rect, borderColor: HAIRLINE, borderWidth: 0.5 });
  }

  /** spec §9: a footer with the page number on every page (drawn last, when the total is known). */
  drawFooters(): void {
    const { regular } = this.fonts;
    const total = this.pages.length;
    this.pages.forEach((page, index) => {
      this.page = page;
      this.rule(FOOTER_RULE_MM, 0.5);
      const baseline = PAGE_HEIGHT_MM - MARGIN_MM;
      this.text(this.fit(`${this.businessName} · ${this.clientTitle}`, regular, 8, CONTENT_WIDTH_MM - 30), MARGIN_MM, baseline, regular, 8, MUTED);
      this.text(this.words.page(index + 1, total), PAGE_WIDTH_MM - MARGIN_MM, baseline, regular, 8, MUTED, { align: 'right' });
    });
  }
}
