// PDF export filenames (spec §5 and §9): default is client name + 'Report' + date, and whatever
// the user types is sanitised to letters, digits, underscore and hyphen. 'Report' is said in the
// reader's language: the UI's on the web, the report owner's on the server.
import type { Locale } from './preferences.js';
import { formatIsoDay } from './format.js';

const FILENAME_MAX_LENGTH = 100;

/**
 * Keeps ASCII letters, digits, underscore and hyphen. Accents are folded first (José -> Jose),
 * every other run of characters becomes one underscore, and underscores at the ends are dropped.
 */
export function sanitizeFilename(input: string): string {
  return input
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, FILENAME_MAX_LENGTH)
    .replace(/_+$/, '');
}

/** The default file name's word for the report, per language. */
export const REPORT_FILENAME_WORD: Record<Locale, string> = { en: 'Report', es: 'Informe' };

/**
 * "Jane_Smith_Report_2026-11-22" (without a client name: "Report_2026-11-22"); in Spanish
 * "Jane_Smith_Informe_2026-11-22". The day is read in the owner's time zone, as the PDF's dates
 * are (the device's when left out).
 */
export function defaultReportFilename(clientName: string, date: Date, locale: Locale, timeZone?: string): string {
  return sanitizeFilename(`${clientName} ${REPORT_FILENAME_WORD[locale]} ${formatIsoDay(date, timeZone)}`);
}

/** The file name to save as: the sanitised answer, or the default when nothing usable is left. */
export function toPdfFilename(answer: string, fallback: string): string {
  const name = sanitizeFilename(answer.replace(/\.pdf\s*$/i, '')) || sanitizeFilename(fallback) || 'Report';
  return `${name}.pdf`;
}
