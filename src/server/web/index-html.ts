import type { Locale } from '../../shared/preferences.js';

/**
 * The page's language and the current-user block written into the built index.html. The
 * replacements are functions: a text replacement would read `$&`, `$'` or `$\`` in the user's
 * data (a business name) as patterns and write parts of the page into it instead.
 */
export function writeIntoIndexHtml(indexHtml: string, locale: Locale, headScript: string): string {
  return indexHtml.replace('<html lang="en">', () => `<html lang="${locale}">`).replace('</head>', () => `${headScript}</head>`);
}
