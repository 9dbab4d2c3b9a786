// The server side of the report PDF: gathers the owner's report (pairs in the order the editor
// shows them, JPEG bytes from the photo store, the business logo) and runs the shared layout.
import type { Database } from '../db/client.js';
import type { PhotoRow, ProjectRow, UserRow } from '../db/schema.js';
import { listPairsWithPhotos, type PairWithPhotos } from '../photos/photo-pairs.service.js';
import type { PhotoStore } from '../storage/photo-store.js';
import { conflict } from '../lib/http-errors.js';
import { cpuWork } from '../lib/cpu-work.js';
import { createConcurrencyLimiter } from '../../shared/concurrency-limiter.js';
import { buildReportPdf, type ReportPdfArea, type ReportPdfInput, type ReportPdfIssue, type ReportPdfPair } from '../../pdf/report-layout.js';
import { isTemplated, listAreaRows, toAreaResponse } from '../project-access/project-areas.js';
import { loadCrewNames } from '../project-access/member-names.js';
import type { ClientIssueRow, ProjectAreaRow } from '../db/schema.js';
import { formatReportDate } from '../../shared/format.js';
import { approvalLineOf, pdfAreaOf, resolvedIssuesOf } from '../../pdf/report-extras.js';
import { findLatestApproval, listIssues } from '../client-answers/client-answers.service.js';
import { currentReportVersion } from '../client-answers/report-version.js';
import { loadReportFonts } from './report-pdf-fonts.js';
import { useNativeDeflateForPdfs } from './report-pdf-deflate.js';
import { toLocale } from '../../shared/preferences.js';

/** Photo reads in flight at once: enough to hide S3 latency, few enough to bound memory spikes. */
const READ_CONCURRENCY = 8;

/**
 * Everything a report's PDF prints except its photos' bytes, read once: by GET report.pdf (which
 * then reads the photos) and by the account export (which has read them already, for its ZIP).
 */
export interface ReportPdfSource {
  /** The pairs in the order the editor shows them, with both photos' rows. */
  pairs: PairWithPhotos[];
  /** The report's areas (none in a blank report) and its client's issues, as stored. */
  areaRows: ProjectAreaRow[];
  issueRows: ClientIssueRow[];
  areas: ReportPdfArea[];
  approvalLine: string | null;
  resolvedIssues: ReportPdfIssue[];
  /** Who took each photo, for a crew of more than one. */
  crewNames: ReadonlyMap<number, string>;
}

export async function loadReportPdfSource(deps: { db: Database; photoStore: PhotoStore }, user: UserRow, project: ProjectRow): Promise<ReportPdfSource> {
  const pairs = await listPairsWithPhotos(deps.db, project.id);
  const [areaRows, issueRows, crewNames, approvalLine] = await Promise.all([
    isTemplated(project) ? listAreaRows(deps.db, project.id) : [],
    listIssues(deps.db, project.id),
    loadCrewNames(
      deps.db,
      project.businessId,
      pairs.flatMap((pair) => [pair.before.takenBy, pair.after.takenBy]),
    ),
    pairs.length > 0 ? approvalLineOfReport(deps, user, project) : null,
  ]);
  return {
    pairs,
    areaRows,
    issueRows,
    areas: areaRows.map(toPdfArea),
    approvalLine,
    resolvedIssues: resolvedIssuesOf(
      issueRows,
      pairs.map((pair) => pair.id),
      toLocale(user.locale),
      user.timeZone,
    ),
    crewNames,
  };
}

/** The layout's pairs of `source`, each photo's bytes given by `bytesOf` (the stored JPEG, or a stand-in). */
export function reportPdfPairsOf(source: ReportPdfSource, bytesOf: (photo: PhotoRow) => Uint8Array): ReportPdfPair[] {
  const nameOf = (id: number | null) => (id === null ? null : (source.crewNames.get(id) ?? null));
  return source.pairs.map((pair) => ({
    before: bytesOf(pair.before),
    after: bytesOf(pair.after),
    beforeCapturedAt: pair.before.capturedAt?.toISOString() ?? null,
    afterCapturedAt: pair.after.capturedAt?.toISOString() ?? null,
    areaId: pair.before.areaId,
    beforeTakenBy: nameOf(pair.before.takenBy),
    afterTakenBy: nameOf(pair.after.takenBy),
  }));
}

export async function renderProjectReportPdf(deps: { db: Database; photoStore: PhotoStore }, user: UserRow, project: ProjectRow): Promise<Uint8Array> {
  // spec §5: a business name must be set and at least one pair is needed.
  if (!user.businessName?.trim()) throw conflict('no_business_name');
  const source = await loadReportPdfSource(deps, user, project);
  if (source.pairs.length === 0) throw conflict('no_pairs_to_export');

  const [bytes, logo] = await Promise.all([
    readAll(
      deps.photoStore,
      source.pairs.flatMap((pair) => [pair.before, pair.after]),
    ),
    user.businessLogoKey ? deps.photoStore.get(user.businessLogoKey) : Promise.resolve(null),
  ]);
  const input = reportPdfInput(
    user,
    project,
    source,
    reportPdfPairsOf(source, (photo) => bytes.get(photo.id)!),
    logo,
  );
  // The layout is CPU work like a photo decode: it waits for a core with them (lib/cpu-work.ts).
  const fonts = await loadReportFonts();
  useNativeDeflateForPdfs();
  return cpuWork.run(() => buildReportPdf(input, fonts, { afterPair: letOtherRequestsIn }));
}

/** Pairs laid out between turns of the event loop: a 250-pair report is ~100 ms of layout, which other requests should not wait behind. */
const PAIRS_PER_TURN = 10;

/** BuildReportPdfOptions.afterPair on the server: every few pairs, the requests waiting get their turn. */
export function letOtherRequestsIn(done: number): Promise<void> | undefined {
  return done % PAIRS_PER_TURN === 0 ? new Promise((resolve) => setImmediate(resolve)) : undefined;
}

/** The layout's whole input. The business name must be set and `pairs` not empty. */
export function reportPdfInput(user: UserRow, project: ProjectRow, source: ReportPdfSource, pairs: ReportPdfPair[], logo: Uint8Array | null): ReportPdfInput {
  const businessName = user.businessName?.trim();
  if (!businessName) throw conflict('no_business_name');
  if (pairs.length === 0) throw conflict('no_pairs_to_export');
  return {
    businessName,
    logo,
    clientName: project.clientName,
    description: project.description,
    // The owner's language and zone, whoever asks for it (the owner or a client link).
    dateText: formatReportDate(project.createdAt, toLocale(user.locale), user.timeZone),
    ...(source.approvalLine ? { approvalLine: source.approvalLine } : {}),
    timeZone: user.timeZone,
    pairs,
    locale: toLocale(user.locale),
    areas: source.areas,
    resolvedIssues: source.resolvedIssues,
  };
}

/** The current approval of the report, as its first page prints it; null when none or superseded. */
async function approvalLineOfReport(deps: { db: Database; photoStore: PhotoStore }, user: UserRow, project: ProjectRow): Promise<string | null> {
  const approval = await findLatestApproval(deps.db, project.id);
  if (!approval || approval.reportVersion !== (await currentReportVersion(deps, project))) return null;
  return approvalLineOf(approval, toLocale(user.locale), user.timeZone);
}

/** Every photo's bytes by its id; a missing file is a lost photo, which is a server fault. */
async function readAll(store: PhotoStore, photos: PhotoRow[]): Promise<Map<number, Buffer>> {
  const reads = createConcurrencyLimiter(READ_CONCURRENCY);
  const bytes = await Promise.all(
    photos.map((photo) =>
      reads.run(async () => {
        const read = await store.get(photo.storageKey);
        if (!read) throw new Error(`Photo file missing from the store: ${photo.storageKey}`);
        return read;
      }),
    ),
  );
  return new Map(photos.map((photo, index) => [photo.id, bytes[index]!]));
}

/** A report area as the PDF prints it. */
export function toPdfArea(row: ProjectAreaRow): ReportPdfArea {
  return pdfAreaOf(toAreaResponse(row));
}
