// The client link page's words: the report owner's language, which the server wrote
// into <html lang> (src/server/share-links/shared-page-html.ts).
import { toLocale } from '@shared/preferences';
import { sharedReportText } from '@shared/shared-report-text';
import { formatDate } from '@shared/format';

const pageLanguage = typeof document === 'undefined' ? null : document.documentElement.lang;
export const PAGE_LOCALE = toLocale(pageLanguage);

export const TEXT = sharedReportText(PAGE_LOCALE);

/** The report's date on the page, in the page's language. */
export const formatReportCreated = (iso: string) => formatDate(iso, PAGE_LOCALE, 'medium');
