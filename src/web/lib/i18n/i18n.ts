// The app's words: Lingui's runtime with catalogues compiled at build time
// (scripts/vite-catalogues-plugin.ts). Each language has three catalogues: `xx.json`, the words of
// the first screens (reports home, header, errors), `xx.landing.json`, the landing page's (loaded
// with its chunk, `withLandingWords`, so a signed-in phone never fetches them), and
// `xx.screens.json`, the words of the screens that load on demand (routes.tsx loads it with them:
// `withScreenWords`). English's first catalogue ships with the first load; everything else is its
// own chunk. When Spanish is the first screen's language, its first and screens catalogues are
// fetched before the first paint.
import { i18n, type Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import type { Locale } from '@shared/preferences';
import en from './catalogues/en.json';
import type enScreens from './catalogues/en.screens.json';
import type enLanding from './catalogues/en.landing.json';

export type MessageId = keyof typeof en | keyof typeof enScreens | keyof typeof enLanding;
export type MessageValues = Record<string, string | number>;

const asMessages = (module: { default: unknown }) => module.default as Messages;
const FIRST: Record<Locale, () => Promise<Messages>> = {
  en: async () => en as unknown as Messages,
  es: () => import('./catalogues/es.json').then(asMessages),
};
const SCREENS: Record<Locale, () => Promise<Messages>> = {
  en: () => import('./catalogues/en.screens.json').then(asMessages),
  es: () => import('./catalogues/es.screens.json').then(asMessages),
};
const LANDING: Record<Locale, () => Promise<Messages>> = {
  en: () => import('./catalogues/en.landing.json').then(asMessages),
  es: () => import('./catalogues/es.landing.json').then(asMessages),
};
const PARTS = { first: FIRST, screens: SCREENS, landing: LANDING };
const loaded = new Map<string, Promise<void>>();
/** Once a screen beyond the first has been asked for, every language switched to brings its screens' words. */
let screensWanted = false;
/** The same for the landing page's words, once it has been asked for. */
let landingWanted = false;

function loadOnce(locale: Locale, part: keyof typeof PARTS): Promise<void> {
  const key = `${locale}:${part}`;
  let loading = loaded.get(key);
  if (!loading) {
    loading = PARTS[part][locale]().then((messages) => i18n.load(locale, messages));
    // A failed fetch (the signal dropped) may be tried again.
    loading.catch(() => loaded.delete(key));
    loaded.set(key, loading);
  }
  return loading;
}

/**
 * Loads the language's catalogues if needed and makes it the page's language (`<html lang>` included).
 * A language other than English brings both parts at once, so its error texts (in the screens
 * part) are there on the first screen too.
 */
export async function activateLocale(locale: Locale, withScreens = screensWanted || locale !== 'en'): Promise<void> {
  await Promise.all([
    loadOnce(locale, 'first'),
    withScreens ? loadOnce(locale, 'screens') : undefined,
    landingWanted ? loadOnce(locale, 'landing') : undefined,
  ]);
  i18n.activate(locale);
  document.documentElement.lang = locale;
}

/** The words of the screens that load on demand, in the current language. */
export function loadScreenWords(): Promise<void> {
  screensWanted = true;
  return loadOnce(currentLocale(), 'screens');
}

/** The landing page's import with its words (see above). */
export function withLandingWords<T>(load: () => Promise<T>): () => Promise<T> {
  return () => {
    landingWanted = true;
    return Promise.all([load(), loadOnce(currentLocale(), 'landing')]).then(([module]) => module);
  };
}

/** A lazy screen's import that also brings its words, so it never renders a message id. */
export function withScreenWords<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadScreenWords()]).then(([module]) => module);
}

// English's first catalogue is in the first load: active at once, so nothing renders without words.
// A copy: Lingui merges later catalogues into the object it was given.
i18n.load('en', { ...(en as unknown as Messages) });
loaded.set('en:first', Promise.resolve());
i18n.activate('en');

export { i18n };

export function currentLocale(): Locale {
  return i18n.locale === 'es' ? 'es' : 'en';
}

/** The text of a message in the current language (for code outside components: toasts, errors). */
export function t(id: MessageId, values?: MessageValues): string {
  return i18n._(id, values);
}

/** The current language's `t`, re-rendering the component when the language changes. */
export function useT(): (id: MessageId, values?: MessageValues) => string {
  const { i18n: active } = useLingui();
  // The locale in the deps gives a new function (and a re-render of memoised users) per language.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useCallback((id: MessageId, values?: MessageValues) => active._(id, values), [active, active.locale]);
}

/** Whether a message id exists (for ids built at run time, such as error codes). */
export function hasMessage(id: string): id is MessageId {
  return id in i18n.messages;
}
