// When a photo file says it was taken: EXIF DateTimeOriginal (0x9003), with its zone from
// OffsetTimeOriginal (0x9011) when the camera wrote one. One reader for the server (the EXIF block
// sharp hands over, before the metadata is removed) and the browser (a chosen file's head, before
// the photo is scaled on the device, which drops its metadata). A small reader of the two fields
// needed rather than a general EXIF library in the editor's bundle.
//
// EXIF dates are the camera's wall-clock time with no zone. What a zone-less date means is the
// caller's to say: the server reads it in the owner's time zone, the browser in the device's.

const TAG_EXIF_IFD = 0x8769;
const TAG_DATE_TIME_ORIGINAL = 0x9003;
const TAG_OFFSET_TIME_ORIGINAL = 0x9011;
const TYPE_ASCII = 2;
/** Longer than any date or offset: a count past it is damage, not a date. */
const MAX_ASCII_LENGTH = 256;

/** A photo's EXIF capture date: its wall-clock time as if it were UTC, and the zone's offset when the file names one. */
export interface ExifDate {
  /** DateTimeOriginal's wall-clock time read as UTC, in ms. */
  wallAsUtc: number;
  /** OffsetTimeOriginal in ms east of UTC, or null when the file does not say. */
  offsetMs: number | null;
}

/**
 * The capture date of an EXIF block: TIFF bytes ('II' or 'MM' header), with or without the
 * 'Exif\0\0' prefix of a JPEG's APP1 segment. Null when it has no readable DateTimeOriginal; never
 * throws (a damaged block only costs the capture time, never the upload).
 */
export function readExifDate(block: DataView): ExifDate | null {
  try {
    const prefixed = block.byteLength >= 6 && block.getUint32(0) === 0x45786966 /* 'Exif' */ && block.getUint16(4) === 0;
    const tiff = prefixed ? new DataView(block.buffer, block.byteOffset + 6, block.byteLength - 6) : block;
    const tags = readDateTags(tiff);
    const taken = tags.get(TAG_DATE_TIME_ORIGINAL);
    if (taken === undefined) return null;
    const wallAsUtc = exifWallTime(taken);
    return wallAsUtc === null ? null : { wallAsUtc, offsetMs: exifOffsetMs(tags.get(TAG_OFFSET_TIME_ORIGINAL)) };
  } catch {
    return null;
  }
}

/** The EXIF block of a JPEG (its APP1 'Exif' segment, cut to the bytes given), or null when it has none before the image data. */
export function findJpegExif(jpeg: DataView): DataView | null {
  try {
    if (jpeg.byteLength < 4 || jpeg.getUint16(0) !== 0xffd8) return null; // not a JPEG
    let offset = 2;
    while (offset + 4 <= jpeg.byteLength) {
      const marker = jpeg.getUint16(offset);
      if ((marker & 0xff00) !== 0xff00 || marker === 0xffda) return null; // image data: no EXIF before it
      const length = jpeg.getUint16(offset + 2);
      if (marker === 0xffe1 && offset + 10 <= jpeg.byteLength && jpeg.getUint32(offset + 4) === 0x45786966 /* 'Exif' */) {
        const end = Math.min(jpeg.byteLength, offset + 2 + length);
        return new DataView(jpeg.buffer, jpeg.byteOffset + offset + 4, end - offset - 4);
      }
      offset += 2 + length;
    }
    return null;
  } catch {
    return null;
  }
}

/**
 * The ASCII tags of IFD0 and of the EXIF sub-IFD, by tag number; the sub-IFD's (where the standard
 * puts the dates) win. An IFD running past the block's end throws (RangeError), which readExifDate catches.
 */
function readDateTags(tiff: DataView): Map<number, string> {
  const order = tiff.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) throw new Error('not a TIFF header');
  const little = order === 0x4949;
  const u16 = (at: number) => tiff.getUint16(at, little);
  const u32 = (at: number) => tiff.getUint32(at, little);
  const ascii = (entry: number, length: number): string | undefined => {
    const start = length <= 4 ? entry + 8 : u32(entry + 8);
    if (start + length > tiff.byteLength) return undefined; // cut off: that tag is lost, not the others
    let text = '';
    for (let i = 0; i < length; i += 1) {
      const code = tiff.getUint8(start + i);
      if (code === 0) break;
      text += String.fromCharCode(code);
    }
    return text;
  };
  const readIfd = (offset: number, into: Map<number, string>): number | null => {
    let exifIfd: number | null = null;
    const count = u16(offset);
    for (let i = 0; i < count; i += 1) {
      const entry = offset + 2 + i * 12;
      const tag = u16(entry);
      const type = u16(entry + 2);
      const length = u32(entry + 4);
      if (tag === TAG_EXIF_IFD) exifIfd = u32(entry + 8);
      else if (type === TYPE_ASCII && length > 0 && length < MAX_ASCII_LENGTH) {
        const text = ascii(entry, length);
        if (text !== undefined) into.set(tag, text);
      }
    }
    return exifIfd;
  };
  const tags = new Map<number, string>();
  const exifIfd = readIfd(u32(4), tags);
  if (exifIfd !== null) readIfd(exifIfd, tags);
  return tags;
}

/**
 * The wall-clock time an EXIF date states ('2026:11:21 09:14:03') as if it were UTC, in ms; null
 * for an unknown one ('0000:00:00 00:00:00') or a day the month lacks (2026:02:31 is not rolled
 * over into March).
 */
export function exifWallTime(text: string): number | null {
  const match = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  if (day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** EXIF's OffsetTimeOriginal ('+01:00', '-05:30') in ms east of UTC, or null when absent or malformed. */
export function exifOffsetMs(text: string | undefined): number | null {
  const offset = /^([+-])(\d{2}):(\d{2})$/.exec(text?.trim() ?? '');
  if (!offset) return null;
  return (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) * 60_000;
}
