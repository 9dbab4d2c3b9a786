// The line under each pair of the PDF that says when both photos were taken, in the
// business's time zone and the owner's language: the words from report-text.ts, the day
// and time from the one formatting module (src/shared/format.ts). No pdf-lib here.
import { formatShortReportDate, formatTime } from '../shared/format.js';
import type { Locale } from '../shared/preferences.js';
import { REPORT_PDF_TEXT } from './report-text.js';

interface ZonedTime {
  day: string;
  time: string;
}

/** "21 Nov 2026" and "09:14" of an instant as clocks in `timeZone` show it (UTC for a zone the runtime does not know: format.ts). */
function zoned(instant: Date, timeZone: string, locale: Locale): ZonedTime {
  return { day: formatShortReportDate(instant, locale, timeZone), time: formatTime(instant, locale, timeZone) };
}

/** Who took each photo, named after its time when the report comes from a crew. */
export interface CaptureTakers {
  before?: string | null;
  after?: string | null;
}

const named = (name: string | null | undefined): string => (name ? ` · ${name}` : '');

/**
 * "Before 09:14 · After 11:02 · 21 Nov 2026"; taken on different days (in that zone),
 * "Before 20 Nov 2026 17:40 · After 21 Nov 2026 09:02". In Spanish "Antes 09:14 · Después 11:02 ·
 * 21 nov 2026". With takers, each time is followed by who took it: "Before 09:14 · Ana · After
 * 11:02 · Luis · 21 Nov 2026". Null when either time is unknown.
 */
export function formatCaptureLine(
  before: string | null | undefined,
  after: string | null | undefined,
  timeZone: string,
  locale: Locale = 'en',
  takers: CaptureTakers = {},
): string | null {
  if (!before || !after) return null;
  const [b, a] = [new Date(before), new Date(after)];
  if (Number.isNaN(b.getTime()) || Number.isNaN(a.getTime())) return null;
  const [zb, za] = [zoned(b, timeZone, locale), zoned(a, timeZone, locale)];
  const words = REPORT_PDF_TEXT[locale];
  const [tb, ta] = [named(takers.before), named(takers.after)];
  if (zb.day === za.day) return `${words.capturedBefore} ${zb.time}${tb} · ${words.capturedAfter} ${za.time}${ta} · ${zb.day}`;
  return `${words.capturedBefore} ${zb.day} ${zb.time}${tb} · ${words.capturedAfter} ${za.day} ${za.time}${ta}`;
}
