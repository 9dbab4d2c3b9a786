// Reads produced PDFs back for tests: page sizes and image streams with pdf-lib, the text of each
// page with poppler's pdftotext (/usr/bin/pdftotext), and where each image was drawn.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodePDFRawStream, PDFDocument, PDFName, PDFRawStream, PDFStream } from 'pdf-lib';

export const PT_PER_MM = 72 / 25.4;

export interface PdfImageStream {
  name: string;
  filter: string | undefined;
  width: number;
  height: number;
  bytes: Uint8Array;
}

export interface DrawnImage {
  /** The XObject name as used on the page (e.g. Image-12-0). */
  name: string;
  /** In millimetres from the page's left and top edges. */
  leftMm: number;
  topMm: number;
  widthMm: number;
  heightMm: number;
}

export interface InspectedPdf {
  pageCount: number;
  /** Page sizes in millimetres. */
  pageSizesMm: { width: number; height: number }[];
  /** pdftotext of each page (reading order). */
  pageTexts: string[];
  /** Every image XObject in the file. */
  images: PdfImageStream[];
  /** Per page: the images drawn and where. */
  drawnImages: DrawnImage[][];
}

export async function inspectPdf(bytes: Uint8Array): Promise<InspectedPdf> {
  const doc = await PDFDocument.load(bytes);
  const pages = doc.getPages();
  const images: PdfImageStream[] = [];
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    if (object.dict.get(PDFName.of('Subtype'))?.toString() !== '/Image') continue;
    images.push({
      name: ref.toString(),
      filter: object.dict.get(PDFName.of('Filter'))?.toString(),
      width: Number(object.dict.get(PDFName.of('Width'))?.toString()),
      height: Number(object.dict.get(PDFName.of('Height'))?.toString()),
      bytes: object.contents,
    });
  }
  const drawnImages = pages.map((page) => {
    const height = page.getHeight();
    const contents = page.node.Contents();
    const streams = contents instanceof PDFStream ? [contents] : (contents?.asArray() ?? []).map((ref) => doc.context.lookup(ref));
    const text = streams
      .map((stream) => (stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1') : ''))
      .join('\n');
    // pdf-lib's drawImage: q, translate(x, y), rotate(0), scale(w, h), skew(0, 0), /Name Do, Q.
    const pattern = /1 0 0 1 (\S+) (\S+) cm\n1 0 0 1 0 0 cm\n(\S+) 0 0 (\S+) 0 0 cm\n1 0 0 1 0 0 cm\n\/(\S+) Do/g;
    return [...text.matchAll(pattern)].map((m) => {
      const [x, y, w, h] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
      return { name: m[5] ?? '', leftMm: x / PT_PER_MM, topMm: (height - y - h) / PT_PER_MM, widthMm: w / PT_PER_MM, heightMm: h / PT_PER_MM };
    });
  });
  return {
    pageCount: pages.length,
    pageSizesMm: pages.map((page) => ({ width: page.getWidth() / PT_PER_MM, height: page.getHeight() / PT_PER_MM })),
    pageTexts: extractPageTexts(bytes, pages.length),
    images,
    drawnImages,
  };
}

/** Text per page as poppler's pdftotext reads it (so it tests real text, not drawn shapes). */
export function extractPageTexts(bytes: Uint8Array, pageCount: number): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-text-'));
  try {
    const file = path.join(dir, 'report.pdf');
    fs.writeFileSync(file, bytes);
    const all = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    // pdftotext ends every page with a form feed.
    return all.split('\f').slice(0, pageCount);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
