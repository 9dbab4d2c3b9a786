// The words the report PDF prints, in the report owner's language (users.locale).
// Kept apart from the layout so the parity test and the browser need not load pdf-lib.
import type { Locale } from '../shared/preferences.js';

export interface ReportPdfText {
  kicker: string;
  client: string;
  before: string;
  after: string;
  untitled: string;
  /** The capture-time line under a pair: "Before 09:14 · After 11:02 · 21 Nov 2026". */
  capturedBefore: string;
  capturedAfter: string;
  /** The document's title (PDF metadata). */
  documentTitle: (clientTitle: string) => string;
  page: (number: number, total: number) => string;
  /** An area's heading count: "2 of 2" (pairs, of the pairs its minimums ask for). */
  areaCount: (pairs: number, required: number) => string;
  skipped: string;
  skipReasons: Record<'no_access' | 'occupied' | 'not_in_scope' | 'other', string>;
  /** The first page's approval line: "Approved by Jane Smith · 24 Nov 2026 18:10 · version 3f9a1c…". */
  approvedBy: string;
  version: string;
  /** The closing list of the issues the client raised and the business resolved. */
  resolvedIssues: string;
  issueOnPair: (number: number) => string;
  resolvedOn: (date: string) => string;
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
    areaCount: (pairs, required) => `${pairs} of ${required}`,
    skipped: 'Skipped',
    skipReasons: { no_access: 'No access', occupied: 'Occupied', not_in_scope: 'Not in scope', other: 'Other' },
    approvedBy: 'Approved by',
    version: 'version',
    resolvedIssues: 'Issues raised by the client, and how they were resolved',
    issueOnPair: (number) => `Pair ${number}`,
    resolvedOn: (date) => `Resolved ${date}`,
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
    areaCount: (pairs, required) => `${pairs} de ${required}`,
    skipped: 'Omitida',
    skipReasons: { no_access: 'Sin acceso', occupied: 'Ocupada', not_in_scope: 'Fuera del encargo', other: 'Otro motivo' },
    approvedBy: 'Aprobado por',
    version: 'versión',
    resolvedIssues: 'Problemas señalados por el cliente y cómo se resolvieron',
    issueOnPair: (number) => `Pareja ${number}`,
    resolvedOn: (date) => `Resuelto el ${date}`,
  },
};
