// The report PDF for the account export, laid out without its photos' bytes in memory. A report's
// PDF is almost all JPEG bytes (embedded byte for byte), and a report may hold 500 photos: held
// whole, one PDF would be hundreds of MB. Here each photo is laid out from its JPEG header alone
// (what pdf-lib reads of it: size, colours), and the document is written as its own bytes with a
// hole where each photo's stored bytes go, so the caller can stream them from the store into it.
// The same layout as GET report.pdf (report-layout.ts); the file differs only in how it is cut up:
// a classic cross-reference table instead of object streams.
import { PDFRawStream, PDFStream, PDFWriter, type PDFContext, type PDFDict, type PDFDocument, type PDFObject, type PDFRef } from 'pdf-lib';
import type { PhotoRow, ProjectRow, UserRow } from '../db/schema.js';
import { cpuWork } from '../lib/cpu-work.js';
import { QueueFullError } from '../../shared/concurrency-limiter.js';
import { layOutReportPdf } from '../../pdf/report-layout.js';
import { loadReportFonts } from './report-pdf-fonts.js';
import { useNativeDeflateForPdfs } from './report-pdf-deflate.js';
import { letOtherRequestsIn, reportPdfInput, reportPdfPairsOf, type ReportPdfSource } from './report-pdf.service.js';

/** A photo the PDF holds: its stored JPEG's header (up to the frame's size) and its whole length. */
export interface OutsidePhoto {
  header: Uint8Array;
  size: number;
}

/** The PDF in order: runs of its own bytes, and holes for photos' stored bytes (`photoId`, `size` bytes). */
export type PdfPart = Uint8Array | { photoId: number; size: number };

export interface PdfWithPhotosOutside {
  parts: PdfPart[];
  size: number;
}

/** Waits this long for a place in the CPU queue when it is full (uploads come first: the export waits). */
const QUEUE_FULL_RETRY_MS = 250;

/**
 * Lays out `source` (its pairs whose photos are all in `photos`) as the PDF of GET report.pdf,
 * with each photo left as a hole. Null when there is no pair to print or no business name.
 */
export async function layOutReportPdfWithPhotosOutside(
  user: UserRow,
  project: ProjectRow,
  source: ReportPdfSource,
  photos: ReadonlyMap<number, OutsidePhoto>,
  logo: Uint8Array | null,
): Promise<PdfWithPhotosOutside | null> {
  const printable = { ...source, pairs: source.pairs.filter((pair) => photos.has(pair.before.id) && photos.has(pair.after.id)) };
  if (printable.pairs.length === 0 || !user.businessName?.trim()) return null;
  // Each stand-in is an array of its own, so the stream pdf-lib makes of it is known by identity.
  const standIns = new Map<Uint8Array, PhotoRow>();
  const pairs = reportPdfPairsOf(printable, (photo) => {
    const standIn = new Uint8Array(photos.get(photo.id)!.header);
    standIns.set(standIn, photo);
    return standIn;
  });
  const input = reportPdfInput(user, project, printable, pairs, logo);
  const fonts = await loadReportFonts();
  useNativeDeflateForPdfs();
  const doc = await runAsCpuWork(async () => {
    const laidOut = await layOutReportPdf(input, fonts, { afterPair: letOtherRequestsIn });
    // Embeds fonts, images and pages into the document's objects, as save() does first.
    await laidOut.flush();
    return laidOut;
  });
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const photo = standIns.get(object.contents);
    if (photo) doc.context.assign(ref, new OutsidePhotoStream(object.dict, photo.id, photos.get(photo.id)!.size));
  }
  return OutsidePhotoPdfWriter.of(doc).write();
}

/** The CPU limiter's turn; a full queue (a burst of uploads) makes the export wait, never fail. */
async function runAsCpuWork<T>(task: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await cpuWork.run(task);
    } catch (error) {
      if (!(error instanceof QueueFullError)) throw error;
      await new Promise((resolve) => setTimeout(resolve, QUEUE_FULL_RETRY_MS));
    }
  }
}

/** The start frame markers pdf-lib's JPEG reader looks for (baseline, progressive, lossless, arithmetic). */
const START_OF_FRAME = new Set([0xffc0, 0xffc1, 0xffc2, 0xffc3, 0xffc5, 0xffc6, 0xffc7, 0xffc8, 0xffc9, 0xffca, 0xffcb, 0xffcc, 0xffcd, 0xffce, 0xffcf]);

/**
 * A JPEG's bytes up to the end of its frame header (size, bit depth, channels): all pdf-lib reads
 * of a photo to lay it out. Null when it is not a JPEG pdf-lib could embed.
 */
export function jpegHeaderOf(bytes: Uint8Array): Uint8Array | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 4 || view.getUint16(0) !== 0xffd8) return null;
  let position = 2;
  while (position + 4 <= bytes.byteLength) {
    const marker = view.getUint16(position);
    if (START_OF_FRAME.has(marker)) {
      // Marker, length, precision, height, width, channel count.
      const end = position + 2 + 2 + 1 + 2 + 2 + 1;
      // A copy: a Buffer's slice() is a view, which would keep the whole photo in memory.
      return end <= bytes.byteLength ? new Uint8Array(bytes.subarray(0, end)) : null;
    }
    position += 2 + view.getUint16(position + 2);
  }
  return null;
}

/** A JPEG image stream whose bytes stay in the store: its dictionary says their length; they are never read here. */
class OutsidePhotoStream extends PDFStream {
  constructor(
    dict: PDFDict,
    readonly photoId: number,
    private readonly size: number,
  ) {
    super(dict);
  }

  override getContentsSize(): number {
    return this.size;
  }

  override getContents(): Uint8Array {
    throw new Error(`Photo ${this.photoId}'s bytes are written by the caller, not by pdf-lib`);
  }
}

const encoder = new TextEncoder();
/** Objects sized between yields to the event loop, as pdf-lib's save() does by default. */
const OBJECTS_PER_TICK = 50;

/** pdf-lib's classic writer (PDFWriter.serializeToBuffer), writing parts instead of one buffer. */
class OutsidePhotoPdfWriter extends PDFWriter {
  static of(doc: PDFDocument): OutsidePhotoPdfWriter {
    return new OutsidePhotoPdfWriter(doc.context);
  }

  private constructor(context: PDFContext) {
    super(context, OBJECTS_PER_TICK);
  }

  async write(): Promise<PdfWithPhotosOutside> {
    const { size, header, indirectObjects, xref, trailerDict, trailer } = await this.computeBufferSize();
    const parts: PdfPart[] = [];
    let own: Uint8Array[] = [];
    const addOwn = (bytes: Uint8Array) => own.push(bytes);
    const serialized = (object: { sizeInBytes(): number; copyBytesInto(buffer: Uint8Array, offset: number): number }) => {
      const bytes = new Uint8Array(object.sizeInBytes());
      object.copyBytesInto(bytes, 0);
      return bytes;
    };
    const flushOwn = () => {
      if (own.length > 0) parts.push(concat(own));
      own = [];
    };

    addOwn(serialized(header));
    addOwn(encoder.encode('\n\n'));
    for (const [ref, object] of indirectObjects as Array<[PDFRef, PDFObject]>) {
      addOwn(encoder.encode(`${ref.objectNumber} ${ref.generationNumber} obj\n`));
      if (object instanceof OutsidePhotoStream) {
        object.updateDict();
        addOwn(serialized(object.dict));
        addOwn(encoder.encode('\nstream\n'));
        flushOwn();
        parts.push({ photoId: object.photoId, size: object.getContentsSize() });
        addOwn(encoder.encode('\nendstream'));
      } else {
        addOwn(serialized(object));
      }
      addOwn(encoder.encode('\nendobj\n\n'));
    }
    if (xref) addOwn(serialized(xref));
    if (xref) addOwn(encoder.encode('\n'));
    if (trailerDict) addOwn(serialized(trailerDict));
    if (trailerDict) addOwn(encoder.encode('\n\n'));
    addOwn(serialized(trailer));
    flushOwn();

    const written = parts.reduce((sum, part) => sum + (part instanceof Uint8Array ? part.byteLength : part.size), 0);
    if (written !== size) throw new Error(`The report PDF came out ${written} bytes long, not the ${size} its cross-reference table counts`);
    return { parts, size };
  }
}

function concat(runs: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(runs.reduce((sum, run) => sum + run.byteLength, 0));
  let offset = 0;
  for (const run of runs) {
    bytes.set(run, offset);
    offset += run.byteLength;
  }
  return bytes;
}
