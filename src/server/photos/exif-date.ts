// The capture time a photo file states itself (issue 13): EXIF DateTimeOriginal, read before the
// metadata is removed, used when the client sent no capturedAt.
//
// EXIF dates are the camera's wall-clock time with no zone. When the file also has
// OffsetTimeOriginal (EXIF 2.31, most phones since 2018) the instant is exact; without it the time
// is read in the owner's time zone (users.timeZone), where their business takes its photos.
// See docs/decisions/017-capture-proof-and-idempotent-uploads.md.
import { exifOffsetMs, exifWallTime } from '../../shared/capture-time.js';

const EXIF_IFD_POINTER = 0x8769;
const DATE_TIME_ORIGINAL = 0x9003;
const OFFSET_TIME_ORIGINAL = 0x9011;
const ASCII = 2;

/** The instant of the EXIF block's DateTimeOriginal, or null when it has none (or it is unreadable). */
export function readExifCaptureTime(exif: Buffer | undefined, fallbackTimeZone: string): Date | null {
  if (!exif) return null;
  try {
    const tags = readExifAsciiTags(exif);
    const dateTime = tags.get(DATE_TIME_ORIGINAL);
    if (!dateTime) return null;
    const wallAsUtc = exifWallTime(dateTime);
    if (wallAsUtc === null) return null;
    const offset = exifOffsetMs(tags.get(OFFSET_TIME_ORIGINAL));
    return offset === null ? wallTimeToInstant(wallAsUtc, fallbackTimeZone) : new Date(wallAsUtc - offset);
  } catch {
    // A damaged EXIF block only costs the capture time, never the upload.
    return null;
  }
}

/** The instant at which clocks in `timeZone` show the wall time given as if it were UTC. */
export function wallTimeToInstant(wallAsUtc: number, timeZone: string): Date {
  // Two passes settle the zone's offset at that instant (exact except in the hour skipped by a DST change).
  const first = wallAsUtc - zoneOffsetMs(wallAsUtc, timeZone);
  const second = wallAsUtc - zoneOffsetMs(first, timeZone);
  return new Date(second);
}

/** How far the zone's clocks are ahead of UTC at the instant, in ms. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  const shown = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return shown - Math.floor(instant / 1000) * 1000;
}

/** The ASCII tags of IFD0 and the EXIF sub-IFD, by tag number (the EXIF block as sharp gives it: "Exif\0\0" + TIFF). */
function readExifAsciiTags(exif: Buffer): Map<number, string> {
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  const order = tiff.subarray(0, 2).toString('latin1');
  if (order !== 'II' && order !== 'MM') throw new Error('not a TIFF header');
  const little = order === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const tags = new Map<number, string>();
  const readIfd = (offset: number, depth: number) => {
    const count = u16(offset);
    for (let i = 0; i < count; i += 1) {
      const entry = offset + 2 + i * 12;
      const tag = u16(entry);
      const type = u16(entry + 2);
      const length = u32(entry + 4);
      if (tag === EXIF_IFD_POINTER && depth === 0) readIfd(u32(entry + 8), 1);
      else if (type === ASCII && length > 0 && length < 256) {
        const start = length <= 4 ? entry + 8 : u32(entry + 8);
        tags.set(tag, tiff.toString('latin1', start, start + length).replace(/\0.*$/s, ''));
      }
    }
  };
  readIfd(u32(4), 0);
  return tags;
}
