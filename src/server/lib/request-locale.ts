// The language a request asks for, for pages the server writes before the app knows
// better: the first supported language of Accept-Language, by preference, else English (the
// same rule as the browser's navigator.languages: preferredLocale).
import { DEFAULT_LOCALE, preferredLocale, type Locale } from '../../shared/preferences.js';

export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return preferredLocale(ranked.map((entry) => entry.tag));
}
