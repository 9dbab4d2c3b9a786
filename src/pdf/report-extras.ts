// What the report PDF prints beyond its pairs, made the same way by the server (GET report.pdf,
// the account export) and the browser (Export to PDF): the areas' headings of a report made from
// a template, the approval line of a report its client approved as it is now, and the client's
// issues the business resolved.
import type { ProjectArea } from '../shared/contract/projects.js';
import { formatReportDate, formatTime } from '../shared/format.js';
import type { Locale } from '../shared/preferences.js';
import type { ReportPdfArea, ReportPdfIssue } from './report-layout.js';
import { REPORT_PDF_TEXT } from './report-text.js';

/** An area as the PDF heads it: its count asks for the larger of its two minimums. */
export function pdfAreaOf(area: ProjectArea): ReportPdfArea {
  return { id: area.id, name: area.name, required: Math.max(area.minBefore, area.minAfter), skipped: area.skipped };
}

/** "Approved by Jane Smith · 24 Nov 2026 18:10 · version 3f9a1c…", in the owner's language and zone. */
export function approvalLineOf(approval: { name: string; approvedAt: Date | string; reportVersion: string }, locale: Locale, timeZone?: string): string {
  const words = REPORT_PDF_TEXT[locale];
  const when = `${formatReportDate(approval.approvedAt, locale, timeZone)} ${formatTime(approval.approvedAt, locale, timeZone)}`;
  return `${words.approvedBy} ${approval.name} · ${when} · ${words.version} ${approval.reportVersion.slice(0, 6)}…`;
}

/** The resolved ones of a report's issues, oldest first, numbered by their pair's place in `pairIds`. */
export function resolvedIssuesOf(
  issues: readonly { pairId: number; note: string; resolvedAt: Date | string | null; resolutionNote: string | null }[],
  pairIds: readonly number[],
  locale: Locale,
  timeZone?: string,
): ReportPdfIssue[] {
  return issues.flatMap((issue) => {
    if (!issue.resolvedAt) return [];
    const index = pairIds.indexOf(issue.pairId);
    return [
      {
        pairNumber: index >= 0 ? index + 1 : null,
        note: issue.note,
        resolvedOn: formatReportDate(issue.resolvedAt, locale, timeZone),
        resolutionNote: issue.resolutionNote,
      },
    ];
  });
}
