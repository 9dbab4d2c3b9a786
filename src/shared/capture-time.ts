// When a photo was taken: the ISO 8601 form the API takes and the window of plausible
// times the server keeps. Shared so the browser and the server agree on what a valid value is.

/** A capture time more than this far in the past is not believed (a wrong device clock, an old file). */
export const CAPTURED_AT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** ... or more than this far ahead of the server's clock. */
export const CAPTURED_AT_MAX_AHEAD_MS = 24 * 60 * 60 * 1000;

export const CAPTURED_AT_MESSAGE = 'capturedAt must be an ISO 8601 date and time with a zone, such as 2026-11-21T09:14:00Z or 2026-11-21T10:14:00+01:00';

// Date, time to the minute or finer, and a zone: a time without a zone names no instant.
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-](\d{2}):(\d{2}))$/i;

/** The instant an ISO 8601 date-time with a zone names, or null for anything else (including 2026-02-31). */
export function parseIsoInstant(written: string): Date | null {
  // An unencoded '+' in a query string (?capturedAt=…T10:14:00+01:00) arrives as a space.
  const text = written.replace(/ (\d{2}:\d{2})$/, '+$1');
  const match = ISO_INSTANT.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(match[i] ?? 0)) as [number, number, number, number, number, number];
  const offsetHours = Number(match[9] ?? 0);
  const offsetMinutes = Number(match[10] ?? 0);
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return null;
  // A day that does not exist in that month (Date would roll it over into the next).
  if (day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** The capture time kept: null when unknown, or outside 30 days before to 1 day after `now`. */
export function plausibleCaptureTime(capturedAt: Date | null, now: Date): Date | null {
  if (!capturedAt) return null;
  const delta = capturedAt.getTime() - now.getTime();
  return delta < -CAPTURED_AT_MAX_AGE_MS || delta > CAPTURED_AT_MAX_AHEAD_MS ? null : capturedAt;
}
