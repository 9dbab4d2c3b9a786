// The capture time a photo file states itself: EXIF DateTimeOriginal, read before the
// metadata is removed, used when the client sent no capturedAt.
//
// EXIF dates are the camera's wall-clock time with no zone. When the file also has
// OffsetTimeOriginal (EXIF 2.31, most phones since 2018) the instant is exact; without it the time
// is read in the owner's time zone (users.timeZone), where their business takes its photos.
// See docs/decisions/017-capture-proof-and-idempotent-uploads.md.
import { readExifDate } from '../../shared/exif-date.js';

/** The instant of the EXIF block's DateTimeOriginal, or null when it has none (or it is unreadable). */
export function readExifCaptureTime(exif: Buffer | undefined, fallbackTimeZone: string): Date | null {
  if (!exif) return null;
  const taken = readExifDate(new DataView(exif.buffer, exif.byteOffset, exif.byteLength));
  if (!taken) return null;
  return taken.offsetMs === null ? wallTimeToInstant(taken.wallAsUtc, fallbackTimeZone) : new Date(taken.wallAsUtc - taken.offsetMs);
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
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  const shown = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return shown - Math.floor(instant / 1000) * 1000;
}
