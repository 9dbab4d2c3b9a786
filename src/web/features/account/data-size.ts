import type { Locale } from '@shared/preferences';

const MB = 1024 * 1024;

/** "0.4 MB", "1,234.5 MB" ("1234,5 MB" in Spanish): megabytes, one decimal, in the app's language. */
export function formatDataSize(bytes: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(bytes / MB);
}
