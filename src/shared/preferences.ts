// The user's language and time zone (issues 13 and 15): one list of supported locales and the
// rule for a valid IANA time zone, shared by the API's validation and the browser.

export const SUPPORTED_LOCALES = ['en', 'es'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** Stored for accounts made before time zones were asked, and when the browser gave none. */
export const DEFAULT_TIME_ZONE = 'UTC';
export const TIME_ZONE_MAX_LENGTH = 64;

export function isSupportedLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** A stored or written language (users.locale, <html lang>) as a Locale: English for anything else. */
export function toLocale(value: unknown): Locale {
  return isSupportedLocale(value) ? value : DEFAULT_LOCALE;
}

/** 'es-ES', 'es-419', 'ES', 'es_MX' → 'es'; null when the tag's language is not supported. */
export function supportedLocaleOf(tag: string): Locale | null {
  const language = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isSupportedLocale(language) ? language : null;
}

/** The first supported language among language tags in order of preference, else English. */
export function preferredLocale(tags: readonly string[]): Locale {
  for (const tag of tags) {
    const locale = supportedLocaleOf(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

// An IANA name ("Europe/Madrid", "UTC"), not an offset such as "+01:00" that newer engines also accept.
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** This device's IANA time zone, canonical, or null when the runtime gives none. */
export function deviceTimeZone(): string | null {
  try {
    return canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    return null;
  }
}

/** The canonical spelling of an IANA time zone ("europe/madrid" → "Europe/Madrid"), or null when unknown. */
export function canonicalTimeZone(value: string): string | null {
  if (value.length > TIME_ZONE_MAX_LENGTH || !IANA_NAME.test(value)) return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
