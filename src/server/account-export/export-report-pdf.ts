// Writes a report's PDF into the export's ZIP from its layout with photos outside
// (projects/report-pdf-photos-outside.ts): its own bytes, and into each hole the photo's stored
// bytes, kept from the photo's own entry or read again from the store (a few ahead). The entry's
// CRC-32 comes first, combined from the runs' own: the photos' were summed for their entries.
import { crc32 } from 'node:zlib';
import type { PhotoStore } from '../storage/photo-store.js';
import type { ZipEntryContents, ZipWriter } from '../lib/zip-writer.js';
import type { BufferPool } from '../lib/buffer-pool.js';
import { crc32Combine } from '../lib/crc32-combine.js';
import { readInOrder } from '../storage/read-in-order.js';
import type { OutsidePhoto, PdfWithPhotosOutside } from '../projects/report-pdf-photos-outside.js';

/** A photo of the PDF, as its own entry was written: its key, size, CRC-32, and its bytes when they were kept (with what to call once the PDF is done with them). */
export interface PdfPhoto extends OutsidePhoto, ZipEntryContents {
  key: string;
  bytes: Buffer | null;
  release: (() => void) | null;
}

/** `store`: where photos not kept are read again (the export's spool, when it has one). */
export async function writeReportPdf(
  store: Pick<PhotoStore, 'get'>,
  zip: ZipWriter,
  name: string,
  pdf: PdfWithPhotosOutside,
  photos: ReadonlyMap<number, PdfPhoto>,
  options: { modifiedAt: Date; readAhead: number; pool: BufferPool },
): Promise<void> {
  let crc = 0;
  for (const part of pdf.parts) crc = part instanceof Uint8Array ? crc32(part, crc) : crc32Combine(crc, photos.get(part.photoId)!.crc32, part.size);
  const reread = pdf.parts.flatMap((part) => (part instanceof Uint8Array || photos.get(part.photoId)!.bytes ? [] : [photos.get(part.photoId)!]));
  const reads = readInOrder(store, reread, (photo) => photo.key, options.readAhead, { allocate: options.pool.take });
  try {
    await zip.addStreamedFile(
      name,
      { size: pdf.size, crc32: crc },
      async (write) => {
        for (const part of pdf.parts) {
          if (part instanceof Uint8Array) {
            await write(part);
            continue;
          }
          const photo = photos.get(part.photoId)!;
          if (photo.bytes) {
            await write(photo.bytes, photo.release ?? undefined);
            continue;
          }
          const bytes = (await reads.next()).value?.bytes;
          // The PDF's header is out already: a photo gone or changed in the store since its own
          // entry was written (never rewritten in place; only a fault) stops the export.
          if (!bytes || bytes.byteLength !== photo.size || crc32(bytes) !== photo.crc32)
            throw new Error(`Photo ${part.photoId} left or changed in the store while its report's PDF was exported`);
          await write(bytes, () => options.pool.give(bytes));
        }
      },
      { modifiedAt: options.modifiedAt },
    );
  } finally {
    await reads.return();
  }
}
