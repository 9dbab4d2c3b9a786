// The words the report PDF prints (issue 15), in the report owner's language (users.locale).
// Kept apart from the layout so the parity test and the browser need not load pdf-lib.
import type { Locale } from '../shared/preferences.js';

export interface ReportPdfText {
  kicker: string;
  client: string;
  before: string;
  after: string;
  untitled: string;
  /** The capture-time line under a pair (issue 13): "Before 09:14 · After 11:02 · 21 Nov 2026". */
  capturedBefore: string;
  capturedAfter: string;
  /** The document's title (PDF metadata). */
  documentTitle: (clientTitle: string) => string;
  page: (number: number, total: number) => string;
}

export const REPORT_PDF_TEXT: Record<Locale, ReportPdfText> = {
  en: {
    kicker: 'BEFORE & AFTER REPORT',
    client: 'CLIENT',
    before: 'BEFORE',
    after: 'AFTER',
    untitled: 'Untitled Report',
    capturedBefore: 'Before',
    capturedAfter: 'After',
    documentTitle: (clientTitle) => `${clientTitle} - Before & After Report`,
    page: (number, total) => `Page ${number} of ${total}`,
  },
  es: {
    kicker: 'INFORME DE ANTES Y DESPUÉS',
    client: 'CLIENTE',
    before: 'ANTES',
    after: 'DESPUÉS',
    untitled: 'Informe sin título',
    capturedBefore: 'Antes',
    capturedAfter: 'Después',
    documentTitle: (clientTitle) => `${clientTitle} - Informe de antes y después`,
    page: (number, total) => `Página ${number} de ${total}`,
  },
};
