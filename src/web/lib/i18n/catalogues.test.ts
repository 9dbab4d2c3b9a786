// The catalogues stay in step: every key in both languages, the same placeholders in
// each message, every message valid ICU, and a text for every error code the API sends. The
// server-made words (PDF, client link page) are checked the same way.
import { describe, expect, it } from 'vitest';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { ERROR_CODES } from '@shared/error-codes';
import { SHARED_REPORT_TEXTS } from '@shared/shared-report-text';
import { REPORT_PDF_TEXT } from '@pdf/report-text';
import enFirst from './catalogues/en.json';
import esFirst from './catalogues/es.json';
import enScreens from './catalogues/en.screens.json';
import esScreens from './catalogues/es.screens.json';
import enLanding from './catalogues/en.landing.json';
import esLanding from './catalogues/es.landing.json';

type Catalogue = Record<string, string>;
// Each language's three parts (the first screens' words, the landing page's, the rest) hold the same keys as the other's.
const CATALOGUES: Record<string, Catalogue> = {
  en: enFirst,
  es: esFirst,
  'en.screens': enScreens,
  'es.screens': esScreens,
  'en.landing': enLanding,
  'es.landing': esLanding,
};
const en: Catalogue = { ...enFirst, ...enScreens, ...enLanding };
const es: Catalogue = { ...esFirst, ...esScreens, ...esLanding };

/** The names of a message's placeholders ({name}, {count, plural, …}), nested ones included. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  // A compiled message is a list of parts: text, or [name, format?, options?] whose options are messages.
  const walk = (parts: unknown): void => {
    if (!Array.isArray(parts)) return;
    for (const part of parts) {
      if (!Array.isArray(part)) continue;
      names.add(String(part[0]));
      const options: unknown = part[2];
      if (options && typeof options === 'object') Object.values(options).forEach(walk);
    }
  };
  walk(compileMessage(message));
  return [...names].sort();
}

/** Finds keys present in one catalogue and missing from another. */
export function missingKeys(catalogues: Record<string, Catalogue>): string[] {
  const all = new Set(Object.values(catalogues).flatMap((catalogue) => Object.keys(catalogue)));
  return [...all].flatMap((key) =>
    Object.entries(catalogues)
      .filter(([, catalogue]) => !(key in catalogue))
      .map(([language]) => `${language}: ${key}`),
  );
}

describe('the language catalogues', () => {
  it('have the same keys in every language', () => {
    expect(missingKeys({ en: CATALOGUES.en!, es: CATALOGUES.es! })).toEqual([]);
    expect(missingKeys({ en: CATALOGUES['en.screens']!, es: CATALOGUES['es.screens']! })).toEqual([]);
    expect(missingKeys({ en: CATALOGUES['en.landing']!, es: CATALOGUES['es.landing']! })).toEqual([]);
  });

  it('hold each key in one part only', () => {
    expect(Object.keys(enFirst).filter((key) => key in enScreens || key in enLanding)).toEqual([]);
    expect(Object.keys(enLanding).filter((key) => key in enScreens)).toEqual([]);
  });

  it('fail when a key exists in one catalogue and not the other', () => {
    expect(missingKeys({ en: { a: 'A', b: 'B' }, es: { a: 'A' } })).toEqual(['es: b']);
  });

  it('use the same placeholders in each language', () => {
    const differing = Object.keys(en).filter((key) => placeholders(en[key]!).join() !== placeholders(es[key]!).join());
    expect(differing).toEqual([]);
  });

  it('notice a placeholder that differs', () => {
    expect(placeholders('Saved as {name}')).toEqual(['name']);
    expect(placeholders('{count, plural, one {# foto} other {# fotos}}')).toEqual(['count']);
    expect(placeholders('Guardado como {nombre}')).not.toEqual(placeholders('Saved as {name}'));
  });

  it('have no empty message, and Spanish is not English left untranslated', () => {
    for (const catalogue of Object.values(CATALOGUES)) expect(Object.entries(catalogue).filter(([, message]) => message.trim() === '')).toEqual([]);
    // A few words are the same in both (CVC, Error, admin, {product} Pro); long texts never are.
    const copied = Object.keys(en).filter((key) => en[key]!.length > 24 && en[key] === es[key]);
    expect(copied).toEqual([]);
  });

  it('have a text for every error code the API sends', () => {
    // In the screens part: English shows the API's message as sent, and any other language loads
    // both its parts before it becomes the page's language (i18n.ts activateLocale).
    expect(ERROR_CODES.filter((code) => !(`error.${code}` in enScreens))).toEqual([]);
    expect(ERROR_CODES.filter((code) => !(`error.${code}` in esScreens))).toEqual([]);
  });
});

describe('the server-made words (PDF, client link page)', () => {
  const shape = (value: object) =>
    Object.entries(value)
      .map(
        ([key, entry]) =>
          `${key}:${typeof entry === 'function' ? `fn${(entry as (...args: unknown[]) => unknown).length}` : typeof entry === 'object' ? JSON.stringify(Object.keys(entry as object)) : typeof entry}`,
      )
      .sort();
  it('have the same entries in every language', () => {
    expect(shape(REPORT_PDF_TEXT.es)).toEqual(shape(REPORT_PDF_TEXT.en));
    expect(shape(SHARED_REPORT_TEXTS.es)).toEqual(shape(SHARED_REPORT_TEXTS.en));
  });
});
