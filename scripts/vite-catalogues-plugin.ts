// Compiles the language catalogues (src/web/lib/i18n/catalogues/*.json, ICU messages) when Vite
// loads them, so the browser ships Lingui's small runtime without its message parser
// (docs/decisions/019-languages.md: ~2.5 KB instead of ~9 KB). The output is still JSON (each message
// as Lingui's compiled array form), which Vite then turns into a module as usual.
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const CATALOGUE = /[\\/]lib[\\/]i18n[\\/]catalogues[\\/][a-z]{2}(\.screens|\.landing)?\.json$/;

export function compileCatalogues(): Plugin {
  return {
    name: 'cleanproof:compile-catalogues',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOGUE.test(id.split('?')[0] ?? '')) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, compileMessage(message)]));
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
