// The report date as the PDF header prints it. Kept apart from the layout so the browser can
// use it without loading pdf-lib; the formatting itself is src/shared/format.ts (issue 15).
import { formatReportDate as formatDayMonthYear } from '../shared/format.js';
import type { Locale } from '../shared/preferences.js';

/** "22 November 2026", "22 de noviembre de 2026": the calendar day in `timeZone` (where the code runs when left out). */
export function formatReportDate(date: Date, locale: Locale = 'en', timeZone?: string): string {
  return formatDayMonthYear(date, locale, timeZone);
}
