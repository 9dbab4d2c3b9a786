// The server side of the report PDF: gathers the owner's report (pairs in the order the editor
// shows them, JPEG bytes from the photo store, the business logo) and runs the shared layout.
import type { Database } from '../db/client.js';
import type { ProjectRow, UserRow } from '../db/schema.js';
import { listPairsWithPhotos } from '../photos/photo-pairs.service.js';
import type { PhotoStore } from '../storage/photo-store.js';
import { conflict } from '../lib/http-errors.js';
import { cpuWork } from '../lib/cpu-work.js';
import { createConcurrencyLimiter } from '../../shared/concurrency-limiter.js';
import { buildReportPdf, type ReportPdfArea, type ReportPdfIssue, type ReportPdfPair } from '../../pdf/report-layout.js';
import { isTemplated, listAreaRows, toAreaResponse } from '../project-access/project-areas.js';
import { loadCrewNames } from '../project-access/member-names.js';
import type { ProjectAreaRow } from '../db/schema.js';
import { formatReportDate } from '../../shared/format.js';
import { approvalLineOf, pdfAreaOf, resolvedIssuesOf } from '../../pdf/report-extras.js';
import { findLatestApproval, listIssues } from '../client-answers/client-answers.service.js';
import { currentReportVersion } from '../client-answers/report-version.js';
import { loadReportFonts } from './report-pdf-fonts.js';
import { toLocale } from '../../shared/preferences.js';

/** Photo reads in flight at once: enough to hide S3 latency, few enough to bound memory spikes. */
const READ_CONCURRENCY = 8;

export async function renderProjectReportPdf(deps: { db: Database; photoStore: PhotoStore }, user: UserRow, project: ProjectRow): Promise<Uint8Array> {
  // spec §5: a business name must be set and at least one pair is needed.
  const businessName = user.businessName?.trim();
  if (!businessName) throw conflict('no_business_name');

  const rows = await listPairsWithPhotos(deps.db, project.id);
  if (rows.length === 0) throw conflict('no_pairs_to_export');

  const keys = rows.flatMap((row) => [row.before.storageKey, row.after.storageKey]);
  const [bytes, logo, areaRows, issueRows, names] = await Promise.all([
    readAll(deps.photoStore, keys),
    user.businessLogoKey ? deps.photoStore.get(user.businessLogoKey) : Promise.resolve(null),
    isTemplated(project) ? listAreaRows(deps.db, project.id) : [],
    listIssues(deps.db, project.id),
    loadCrewNames(
      deps.db,
      project.businessId,
      rows.flatMap((row) => [row.before.takenBy, row.after.takenBy]),
    ),
  ]);
  const pairs: ReportPdfPair[] = rows.map((row, index) => ({
    before: bytes[2 * index]!,
    after: bytes[2 * index + 1]!,
    beforeCapturedAt: row.before.capturedAt?.toISOString() ?? null,
    afterCapturedAt: row.after.capturedAt?.toISOString() ?? null,
    areaId: row.before.areaId,
    beforeTakenBy: row.before.takenBy === null ? null : (names.get(row.before.takenBy) ?? null),
    afterTakenBy: row.after.takenBy === null ? null : (names.get(row.after.takenBy) ?? null),
  }));
  return buildReportPdfOfPairs(user, project, pairs, logo, {
    areas: areaRows.map(toPdfArea),
    approvalLine: await approvalLineOfReport(deps, user, project),
    resolvedIssues: resolvedIssuesOf(
      issueRows,
      rows.map((row) => row.id),
      toLocale(user.locale),
      user.timeZone,
    ),
  });
}

/**
 * The PDF of pairs whose bytes the caller already has (the account export reads each photo once
 * for its ZIP entry and the PDF). The business name must be set and `pairs` not empty.
 */
export async function buildReportPdfOfPairs(
  user: UserRow,
  project: ProjectRow,
  pairs: ReportPdfPair[],
  logo: Uint8Array | null,
  extras: { areas?: readonly ReportPdfArea[]; approvalLine?: string | null; resolvedIssues?: readonly ReportPdfIssue[] } = {},
): Promise<Uint8Array> {
  const businessName = user.businessName?.trim();
  if (!businessName) throw conflict('no_business_name');
  if (pairs.length === 0) throw conflict('no_pairs_to_export');
  const fonts = await loadReportFonts();
  // The layout is CPU work like a photo decode: it waits for a core with them (lib/cpu-work.ts).
  return cpuWork.run(() =>
    buildReportPdf(
      {
        businessName,
        logo,
        clientName: project.clientName,
        description: project.description,
        // The owner's language and zone, whoever asks for it (the owner or a client link).
        dateText: formatReportDate(project.createdAt, toLocale(user.locale), user.timeZone),
        ...(extras.approvalLine ? { approvalLine: extras.approvalLine } : {}),
        timeZone: user.timeZone,
        pairs,
        locale: toLocale(user.locale),
        areas: extras.areas ?? [],
        resolvedIssues: extras.resolvedIssues ?? [],
      },
      fonts,
    ),
  );
}

/** The current approval of the report, as its first page prints it; null when none or superseded. */
async function approvalLineOfReport(deps: { db: Database; photoStore: PhotoStore }, user: UserRow, project: ProjectRow): Promise<string | null> {
  const approval = await findLatestApproval(deps.db, project.id);
  if (!approval || approval.reportVersion !== (await currentReportVersion(deps, project))) return null;
  return approvalLineOf(approval, toLocale(user.locale), user.timeZone);
}

/** Every key's bytes, in order; a missing file is a lost photo, which is a server fault. */
async function readAll(store: PhotoStore, keys: string[]): Promise<Buffer[]> {
  const reads = createConcurrencyLimiter(READ_CONCURRENCY);
  return Promise.all(
    keys.map((key) =>
      reads.run(async () => {
        const bytes = await store.get(key);
        if (!bytes) throw new Error(`Photo file missing from the store: ${key}`);
        return bytes;
      }),
    ),
  );
}

/** A report area as the PDF prints it. */
export function toPdfArea(row: ProjectAreaRow): ReportPdfArea {
  return pdfAreaOf(toAreaResponse(row));
}
