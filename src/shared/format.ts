// Every date, time, number and price the product shows, formatted with Intl in one place.
// One policy: the language is the reader's UI language (the owner's stored locale for what the
// server makes: PDFs, emails, the client link's page); a wall-clock time is shown in the business's
// time zone (users.timeZone); a calendar date that is not a moment (trial end, report date in the
// PDF header) is formatted in the zone given, UTC when none. English dates read as in the spec
// ("November 22, 2026" on screens, "22 November 2026" in the PDF header).
import { canonicalTimeZone, type Locale } from './preferences.js';
import { PRICE_CENTS_PER_MONTH } from './rules.js';

/** The BCP 47 tag Intl gets for each UI language. */
const INTL_TAG: Record<Locale, string> = { en: 'en-US', es: 'es' };
// Intl formatters are costly to build; each distinct one is made once.
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

const knownZones = new Map<string, string>();
/**
 * The zone if this runtime knows it, else UTC. Zones are checked where they are stored, but a
 * browser or server with an older time zone database may not know a newer name: the date is then
 * shown in UTC rather than the screen, the export or the PDF failing.
 */
function knownZone(timeZone: string | undefined): string | undefined {
  if (timeZone === undefined) return undefined;
  let zone = knownZones.get(timeZone);
  if (zone === undefined) {
    zone = canonicalTimeZone(timeZone) ?? 'UTC';
    knownZones.set(timeZone, zone);
  }
  return zone;
}

const toDate = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);

export type DateStyle = 'long' | 'medium' | 'short-day';
const DATE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  long: { year: 'numeric', month: 'long', day: 'numeric' }, // November 22, 2026 · 22 de noviembre de 2026
  medium: { year: 'numeric', month: 'short', day: 'numeric' }, // Nov 22, 2026 · 22 nov 2026
  'short-day': { month: 'short', day: 'numeric' }, // Nov 22 · 22 nov
};

/** A calendar date in the language, read in `timeZone` (the device's zone when left out). */
export function formatDate(value: Date | string, locale: Locale, style: DateStyle = 'medium', timeZone?: string): string {
  timeZone = knownZone(timeZone);
  return cached(`d|${locale}|${style}|${timeZone ?? ''}`, () => new Intl.DateTimeFormat(INTL_TAG[locale], { ...DATE_OPTIONS[style], timeZone })).format(
    toDate(value),
  );
}

/** The PDF header's date, day first in both languages: "22 November 2026", "22 de noviembre de 2026". */
export function formatReportDate(value: Date | string, locale: Locale, timeZone?: string): string {
  timeZone = knownZone(timeZone);
  const tag = locale === 'en' ? 'en-GB' : INTL_TAG[locale];
  return cached(`r|${locale}|${timeZone ?? ''}`, () => new Intl.DateTimeFormat(tag, { ...DATE_OPTIONS.long, timeZone })).format(toDate(value));
}

/** The PDF's short day, day first: "21 Nov 2026", "21 nov 2026". */
export function formatShortReportDate(value: Date | string, locale: Locale, timeZone?: string): string {
  timeZone = knownZone(timeZone);
  const tag = locale === 'en' ? 'en-GB' : INTL_TAG[locale];
  return cached(`rs|${locale}|${timeZone ?? ''}`, () => new Intl.DateTimeFormat(tag, { ...DATE_OPTIONS.medium, timeZone })).format(toDate(value));
}

/** A wall-clock time, 24-hour, in the business's zone: "09:14". */
export function formatTime(value: Date | string, locale: Locale, timeZone?: string): string {
  timeZone = knownZone(timeZone);
  return cached(
    `t|${locale}|${timeZone ?? ''}`,
    () => new Intl.DateTimeFormat(INTL_TAG[locale], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }),
  ).format(toDate(value));
}

/** A date with its time, 24-hour: "Nov 21, 2026, 09:14", "21 nov 2026, 9:14". */
export function formatDateTime(value: Date | string, locale: Locale, timeZone?: string): string {
  timeZone = knownZone(timeZone);
  return cached(
    `dt|${locale}|${timeZone ?? ''}`,
    () => new Intl.DateTimeFormat(INTL_TAG[locale], { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23', timeZone }),
  ).format(toDate(value));
}

/** The calendar day as YYYY-MM-DD, read in `timeZone` (the device's when left out): "2026-11-21". */
export function formatIsoDay(value: Date | string, timeZone?: string): string {
  timeZone = knownZone(timeZone);
  return cached(`ymd|${timeZone ?? ''}`, () => new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone })).format(
    toDate(value),
  );
}

/**
 * When a photo was taken, as short as stays clear: "09:14" today, "Nov 21, 09:14" another day of
 * this year, "Jan 3, 2025, 08:05" before; "today" is read in `timeZone` (the device's when left out).
 */
export function formatCaptureTime(value: Date | string, locale: Locale, now: Date = new Date(), timeZone?: string): string {
  timeZone = knownZone(timeZone);
  const taken = toDate(value);
  if (Number.isNaN(taken.getTime())) return '';
  const [takenDay, today] = [formatIsoDay(taken, timeZone), formatIsoDay(now, timeZone)]; // 2026-11-21
  const sameDay = takenDay === today;
  const sameYear = takenDay.slice(0, 4) === today.slice(0, 4);
  const shape = sameDay ? 'time' : sameYear ? 'day' : 'year';
  return cached(
    `ct|${locale}|${shape}|${timeZone ?? ''}`,
    () =>
      new Intl.DateTimeFormat(INTL_TAG[locale], {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone,
        ...(sameDay ? {} : { month: 'short', day: 'numeric' }),
        ...(sameDay || sameYear ? {} : { year: 'numeric' }),
      }),
  ).format(taken);
}

export function formatNumber(value: number, locale: Locale): string {
  return cached(`n|${locale}`, () => new Intl.NumberFormat(INTL_TAG[locale])).format(value);
}

/** A share of a whole, rounded to a whole percent: "25%", "25 %". */
export function formatPercent(fraction: number, locale: Locale): string {
  return cached(`pc|${locale}`, () => new Intl.NumberFormat(INTL_TAG[locale], { style: 'percent', maximumFractionDigits: 0 })).format(fraction);
}

/** The price in US dollars, as the language writes money: "$4.99", "4,99 US$". */
export function formatPrice(cents: number = PRICE_CENTS_PER_MONTH, locale: Locale): string {
  return cached(`p|${locale}`, () => new Intl.NumberFormat(INTL_TAG[locale], { style: 'currency', currency: 'USD' })).format(cents / 100);
}

/** "yesterday", "3 hours ago", "hace 3 horas". */
export function formatRelative(value: number, unit: Intl.RelativeTimeFormatUnit, locale: Locale): string {
  return cached(`rel|${locale}`, () => new Intl.RelativeTimeFormat(INTL_TAG[locale], { numeric: 'auto' })).format(value, unit);
}
