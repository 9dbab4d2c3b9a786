import type { Locale } from '@shared/preferences';

/** Each supported language, named in itself (so a reader finds theirs whatever the page's language). */
export const LANGUAGE_NAMES: readonly { locale: Locale; name: string }[] = [
  { locale: 'en', name: 'English' },
  { locale: 'es', name: 'Español' },
];
