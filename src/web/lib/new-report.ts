// A report this tab has just created: on a phone it opens straight into the camera. Kept in memory
// only: a reload, or the same report opened later, shows the editor as usual.
let justCreated: number | null = null;

export function markReportJustCreated(projectId: number): void {
  justCreated = projectId;
}

/** True once for the report just created (the first time its editor asks). */
export function takeReportJustCreated(projectId: number): boolean {
  if (justCreated !== projectId) return false;
  justCreated = null;
  return true;
}

/**
 * The history state New Report opens its report with. It marks the report as made in this tab
 * (a reload keeps it): only such a report is discarded when left empty
 * (report-editor/discard-empty-report.ts), never one someone else has just made and is filling.
 */
export const NEW_REPORT_STATE = { newReport: true } as const;
