// The app's words (issue 15): Lingui's runtime with catalogues compiled at build time
// (scripts/vite-catalogues-plugin.ts). English ships with the first load; Spanish is its own chunk,
// fetched before the first paint when it is the first screen's language, else when chosen.
import { i18n, type Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import type { Locale } from '@shared/preferences';
import en from './catalogues/en.json';

export type MessageId = keyof typeof en;
export type MessageValues = Record<string, string | number>;

const loaders: Record<Locale, () => Promise<Messages>> = {
  en: async () => en as unknown as Messages,
  es: () => import('./catalogues/es.json').then((module) => module.default as unknown as Messages),
};
const loaded = new Set<Locale>();

function apply(locale: Locale): void {
  i18n.activate(locale);
  document.documentElement.lang = locale;
}

/** Loads the catalogue if needed and makes it the page's language (`<html lang>` included). */
export async function activateLocale(locale: Locale): Promise<void> {
  if (!loaded.has(locale)) {
    i18n.load(locale, await loaders[locale]());
    loaded.add(locale);
  }
  apply(locale);
}

// English is in the first load: active at once, so nothing renders without words.
i18n.load('en', en as unknown as Messages);
loaded.add('en');
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
  return id in en;
}
