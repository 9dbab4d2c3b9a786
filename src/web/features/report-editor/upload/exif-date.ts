// When a chosen JPEG was taken, from its own EXIF (issue 13), read before the photo is scaled on
// the device (which drops its metadata). A small reader of the one field needed, rather than a
// general EXIF library in the editor's bundle: DateTimeOriginal (0x9003), with its zone from
// OffsetTimeOriginal (0x9011) when the camera wrote one, else read as the device's local time.

import { exifOffsetMs, exifWallTime } from '@shared/capture-time';
const TAG_EXIF_IFD = 0x8769;
const TAG_DATE_TIME_ORIGINAL = 0x9003;
const TAG_OFFSET_TIME_ORIGINAL = 0x9011;
/** The metadata is at the start of the file: no need to read a 10 MB photo to find it. */
const HEAD_BYTES = 128 * 1024;

/** ISO 8601 of when the photo was taken, or undefined when the file does not say. */
export async function readExifCaptureDate(file: Blob): Promise<string | undefined> {
  return parseExifCaptureDate(new DataView(await file.slice(0, HEAD_BYTES).arrayBuffer()));
}

/** Never throws: a cut or broken file reads as 'not said'. */
export function parseExifCaptureDate(view: DataView): string | undefined {
  try {
    return findExifDate(view);
  } catch {
    return undefined;
  }
}

function findExifDate(view: DataView): string | undefined {
  if (view.byteLength < 4 || view.getUint16(0) !== 0xffd8) return undefined; // not a JPEG
  let offset = 2;
  while (offset + 4 <= view.byteLength) {
    const marker = view.getUint16(offset);
    if ((marker & 0xff00) !== 0xff00 || marker === 0xffda) return undefined; // image data: no EXIF before it
    const length = view.getUint16(offset + 2);
    if (marker === 0xffe1 && offset + 10 <= view.byteLength && view.getUint32(offset + 4) === 0x45786966 /* 'Exif' */) {
      return readTiff(view, offset + 10, Math.min(view.byteLength, offset + 2 + length));
    }
    offset += 2 + length;
  }
  return undefined;
}

function readTiff(view: DataView, start: number, end: number): string | undefined {
  const order = view.getUint16(start);
  if (order !== 0x4949 && order !== 0x4d4d) return undefined;
  const little = order === 0x4949;
  const u16 = (at: number) => view.getUint16(at, little);
  const u32 = (at: number) => view.getUint32(at, little);
  const ascii = (entry: number) => {
    const count = u32(entry + 4);
    const at = count <= 4 ? entry + 8 : start + u32(entry + 8);
    if (at + count > end) return undefined;
    let text = '';
    for (let i = 0; i < count; i++) {
      const code = view.getUint8(at + i);
      if (code === 0) break;
      text += String.fromCharCode(code);
    }
    return text;
  };
  const entries = (ifd: number) => {
    if (ifd + 2 > end) return [];
    const count = u16(ifd);
    return Array.from({ length: count }, (_, i) => ifd + 2 + i * 12).filter((entry) => entry + 12 <= end);
  };
  const exifIfdEntry = entries(start + u32(start + 4)).find((entry) => u16(entry) === TAG_EXIF_IFD);
  if (exifIfdEntry === undefined) return undefined;
  let taken: string | undefined;
  let zone: string | undefined;
  for (const entry of entries(start + u32(exifIfdEntry + 8))) {
    if (u16(entry) === TAG_DATE_TIME_ORIGINAL) taken = ascii(entry);
    if (u16(entry) === TAG_OFFSET_TIME_ORIGINAL) zone = ascii(entry);
  }
  return taken ? toIso(taken, zone) : undefined;
}

/** '2026:11:21 09:14:03' (+ '+01:00') to ISO 8601; without a zone, the device's local time. */
function toIso(taken: string, zone: string | undefined): string | undefined {
  const wallAsUtc = exifWallTime(taken);
  if (wallAsUtc === null) return undefined;
  const offset = exifOffsetMs(zone);
  if (offset !== null) return new Date(wallAsUtc - offset).toISOString();
  const wall = new Date(wallAsUtc);
  return new Date(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate(), wall.getUTCHours(), wall.getUTCMinutes(), wall.getUTCSeconds()).toISOString();
}
