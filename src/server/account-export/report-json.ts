// report.json of a report's folder in the account export: the report's data as stored, with the
// file name each photo and answer file got in the folder. A pure function of the rows.
import type { ClientIssueRow, PhotoRow, ProjectApprovalRow, ProjectAreaRow, ProjectRow } from '../db/schema.js';
import type { PairWithPhotos } from '../photos/photo-pairs.service.js';

export interface ReportJsonInput {
  report: ProjectRow;
  areas: readonly ProjectAreaRow[];
  pairs: readonly PairWithPhotos[];
  unpaired: readonly PhotoRow[];
  approvals: readonly ProjectApprovalRow[];
  issues: readonly ClientIssueRow[];
  /** Each photo (by id) written into the folder: its file name, and its checksum (computed for photos stored before checksums). */
  photoFiles: ReadonlyMap<number, { name: string; sha256: string }>;
  /** The file of each approval's signature and issue's photo written, by their ids. */
  signatureFiles: ReadonlyMap<number, string>;
  issuePhotoFiles: ReadonlyMap<number, string>;
  pdf: boolean;
}

export function reportJsonOf(input: ReportJsonInput): string {
  const { report } = input;
  const areaNames = new Map(input.areas.map((area) => [area.id, area.name]));
  const pairNumbers = new Map(input.pairs.map((pair, index) => [pair.id, index + 1]));
  const photoJson = (row: PhotoRow) => ({
    id: row.id,
    file: input.photoFiles.get(row.id)?.name ?? null,
    type: row.type,
    area: row.areaId === null ? null : (areaNames.get(row.areaId) ?? null),
    capturedAt: row.capturedAt?.toISOString() ?? null,
    receivedAt: row.receivedAt.toISOString(),
    width: row.width,
    height: row.height,
    bytes: row.byteSize,
    sha256: input.photoFiles.get(row.id)?.sha256 ?? row.sha256,
  });
  const json = {
    id: report.id,
    clientName: report.clientName,
    clientId: report.clientId,
    description: report.description,
    createdAt: report.createdAt.toISOString(),
    status: report.status,
    finishedAt: report.finishedAt?.toISOString() ?? null,
    pdf: input.pdf ? 'report.pdf' : null,
    areas: input.areas.map((area) => ({ name: area.name, skipped: area.skipReason === null ? null : { reason: area.skipReason, note: area.skipNote } })),
    pairs: input.pairs.map((pair) => ({ id: pair.id, createdAt: pair.createdAt.toISOString(), before: photoJson(pair.before), after: photoJson(pair.after) })),
    unpairedPhotos: input.unpaired.map(photoJson),
    approvals: input.approvals.map((approval) => ({
      name: approval.name,
      approvedAt: approval.approvedAt.toISOString(),
      rating: approval.rating,
      comment: approval.comment,
      reportVersion: approval.reportVersion,
      signature: input.signatureFiles.get(approval.id) ?? null,
    })),
    issues: input.issues.map((issue) => ({
      pair: pairNumbers.get(issue.pairId) ?? null,
      x: issue.x,
      y: issue.y,
      note: issue.note,
      photo: input.issuePhotoFiles.get(issue.id) ?? null,
      createdAt: issue.createdAt.toISOString(),
      resolvedAt: issue.resolvedAt?.toISOString() ?? null,
      resolutionNote: issue.resolutionNote,
    })),
  };
  return JSON.stringify(json, null, 2);
}
