// Which language the app speaks: the choice remembered on this device, else the first
// supported language the browser lists, else English. A signed-in user's stored locale wins over
// both (applied in i18n.ts and use-language.ts). The a11y tests set the device language through
// the same key, so its name and values are part of the app's contract.
import { DEFAULT_LOCALE, isSupportedLocale, preferredLocale, type Locale } from '@shared/preferences';

export const LOCALE_STORAGE_KEY = 'cleanproof.locale';

export function rememberedLocale(): Locale | null {
  try {
    const value = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isSupportedLocale(value) ? value : null;
  } catch {
    return null; // storage blocked: the browser's languages decide
  }
}

export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
}

/** The first screen's language: the device's remembered choice, else the browser's languages. */
export function deviceLocale(): Locale {
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language ?? DEFAULT_LOCALE];
  return rememberedLocale() ?? preferredLocale(languages);
}
