// The language a request asks for (issue 15), for pages the server writes before the app knows
// better: the first supported language of Accept-Language, by preference, else English.
import { DEFAULT_LOCALE, isSupportedLocale, type Locale } from '../../shared/preferences.js';

export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.language).find(isSupportedLocale) ?? DEFAULT_LOCALE;
}

/** A stored users.locale as a Locale (English for anything unexpected). */
export function userLocale(user: { locale: string }): Locale {
  return isSupportedLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
}
