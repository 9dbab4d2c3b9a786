// The language menu of the landing and auth pages: each language named in itself.
import { Globe } from 'lucide-react';
import { isSupportedLocale } from '@shared/preferences';
import { chooseLanguage } from '../lib/i18n/use-language';
import { useT, currentLocale } from '../lib/i18n/i18n';
import { LANGUAGE_NAMES } from '../lib/i18n/language-names';

export function LanguageSelect() {
  const t = useT();
  return (
    <label className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-lg px-1 text-sm text-slate-700 sm:px-2">
      {/* On a phone the header has no room for the globe beside the brand and Sign In. */}
      <Globe className="hidden size-4 shrink-0 sm:block" aria-hidden="true" />
      <span className="sr-only">{t('language.label')}</span>
      <select
        value={currentLocale()}
        onChange={(event) => {
          if (isSupportedLocale(event.target.value)) void chooseLanguage(event.target.value, 'language-select');
        }}
        data-refocus="language-select"
        className="min-h-11 cursor-pointer bg-transparent py-1 pr-1 text-sm font-medium"
      >
        {LANGUAGE_NAMES.map(({ locale, name }) => (
          <option key={locale} value={locale} lang={locale}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}
