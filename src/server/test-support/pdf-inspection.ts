// Reads produced PDFs back for tests: page sizes and image streams with pdf-lib, the text of each
// page with pdf.js (Mozilla's PDF reader, as a PDF viewer reads it), and where each image was drawn.
import { decodePDFRawStream, PDFDocument, PDFName, PDFRawStream, PDFStream } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';

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
  /** The text of each page as a reader extracts it: lines top to bottom, left to right. */
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
    pageTexts: await extractPageTexts(bytes),
    images,
    drawnImages,
  };
}

/**
 * The text of each page, read from the PDF's text operators and fonts (so it tests real text, not
 * drawn shapes): items on one baseline form a line, left to right; lines run top to bottom.
 */
export async function extractPageTexts(bytes: Uint8Array): Promise<string[]> {
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const texts: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const items = (await page.getTextContent()).items.filter((item): item is TextItem => 'str' in item && item.str.length > 0);
      const lines = new Map<number, TextItem[]>();
      for (const item of items) {
        const baseline = Math.round(item.transform[5] as number);
        lines.set(baseline, [...(lines.get(baseline) ?? []), item]);
      }
      texts.push(
        [...lines.entries()]
          .sort(([a], [b]) => b - a)
          .map(([, line]) =>
            line
              .sort((a, b) => (a.transform[4] as number) - (b.transform[4] as number))
              .map((item) => item.str)
              .join(' '),
          )
          .join('\n'),
      );
    }
    return texts;
  } finally {
    await pdf.destroy();
  }
}
