// When a chosen JPEG was taken, from its own EXIF (the shared reader), read before the photo is
// scaled on the device (which drops its metadata). A date without a zone is the device's local time.
import { findJpegExif, readExifDate } from '@shared/exif-date';

/** The metadata is at the start of the file: no need to read a 10 MB photo to find it. */
const HEAD_BYTES = 128 * 1024;

/** ISO 8601 of when the photo was taken, or undefined when the file does not say. */
export async function readExifCaptureDate(file: Blob): Promise<string | undefined> {
  return parseExifCaptureDate(new DataView(await file.slice(0, HEAD_BYTES).arrayBuffer()));
}

/** Never throws: a cut or broken file reads as 'not said'. */
export function parseExifCaptureDate(view: DataView): string | undefined {
  const block = findJpegExif(view);
  const taken = block && readExifDate(block);
  if (!taken) return undefined;
  if (taken.offsetMs !== null) return new Date(taken.wallAsUtc - taken.offsetMs).toISOString();
  const wall = new Date(taken.wallAsUtc);
  return new Date(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate(), wall.getUTCHours(), wall.getUTCMinutes(), wall.getUTCSeconds()).toISOString();
}
