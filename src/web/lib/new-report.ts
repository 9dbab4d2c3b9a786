// A report this tab has just created: on a phone it opens straight into the camera. Kept in memory
// only: a reload, or the same report opened later, shows the editor as usual.
let justCreated: number | null = null;

export function markReportJustCreated(projectId: number): void {
  justCreated = projectId;
}

/**
 * Whether this is the report just created. Read while rendering, and forgotten only once the
 * editor is on screen (forgetReportJustCreated in an effect): a render React throws away (a lazy
 * part of the editor still loading) must not use it up.
 */
export function isReportJustCreated(projectId: number): boolean {
  return justCreated === projectId;
}

export function forgetReportJustCreated(projectId: number): void {
  if (justCreated === projectId) justCreated = null;
}

/**
 * The history state New Report opens its report with. It marks the report as made in this tab
 * (a reload keeps it): only such a report is discarded when left empty
 * (report-editor/discard-empty-report.ts), never one someone else has just made and is filling.
 */
export const NEW_REPORT_STATE = { newReport: true } as const;
