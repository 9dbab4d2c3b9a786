// GET /api/account/export: everything the owner has, written report by report into a streamed
// ZIP (export-layout.ts names the entries). Memory stays flat whatever the account's size: one
// report's rows and a few photos at a time (a report's paired photos are kept until its PDF is
// built from them), and the ZIP writer waits for the download to take each entry.
import { createHash } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { photoPairs, photos, projects, type PhotoRow, type ProjectRow, type UserRow } from '../db/schema.js';
import type { PhotoStore } from '../storage/photo-store.js';
import type { ZipWriter } from '../lib/zip-writer.js';
import { readInOrder } from '../storage/read-in-order.js';
import type { ReportPdfPair } from '../../pdf/report-layout.js';
import { buildReportPdfOfPairs } from '../projects/report-pdf.service.js';
import { CLIENTS_CSV_HEADER, REPORTS_CSV_HEADER, csvLine, exportReadme, pairPhotoName, reportFolder, unpairedPhotoName } from './export-layout.js';

type ExportDeps = { db: Database; photoStore: PhotoStore; clock: () => Date };

/** Reports read from the database at a time. */
const REPORT_PAGE_SIZE = 50;

export async function writeAccountExport(deps: ExportDeps, user: UserRow, zip: ZipWriter): Promise<void> {
  const generatedAt = deps.clock();
  await zip.addFile('README.txt', Buffer.from(exportReadme(generatedAt)), { modifiedAt: generatedAt });
  const logo = user.businessLogoKey ? await deps.photoStore.get(user.businessLogoKey) : null;
  let reportsCsv = csvLine(REPORTS_CSV_HEADER);
  let afterId = 0;
  for (;;) {
    const page = await deps.db
      .select()
      .from(projects)
      .where(and(eq(projects.businessId, user.businessId), gt(projects.id, afterId)))
      .orderBy(asc(projects.id))
      .limit(REPORT_PAGE_SIZE);
    for (const report of page) {
      const written = await writeReport(deps, user, report, logo, zip);
      reportsCsv += csvLine([
        report.id,
        report.createdAt.toISOString(),
        report.clientName,
        report.description,
        written.folder,
        written.photos,
        written.pairs,
        written.pdf ? 'yes' : 'no',
      ]);
    }
    if (page.length < REPORT_PAGE_SIZE) break;
    afterId = page[page.length - 1]!.id;
  }
  await zip.addFile('reports.csv', Buffer.from(reportsCsv), { modifiedAt: generatedAt });
  await zip.addFile('clients.csv', Buffer.from(csvLine(CLIENTS_CSV_HEADER)), { modifiedAt: generatedAt });
  await zip.finish();
}

interface PhotoEntry {
  row: PhotoRow;
  name: string;
  /** The pair's index in the report's PDF, for paired photos. */
  pairIndex?: number;
}

async function writeReport(
  deps: ExportDeps,
  user: UserRow,
  report: ProjectRow,
  logo: Buffer | null,
  zip: ZipWriter,
): Promise<{ folder: string; photos: number; pairs: number; pdf: boolean }> {
  const folder = reportFolder(report);
  const [photoRows, pairRows] = await Promise.all([
    deps.db.select().from(photos).where(eq(photos.projectId, report.id)).orderBy(asc(photos.createdAt), asc(photos.id)),
    deps.db.select().from(photoPairs).where(eq(photoPairs.projectId, report.id)).orderBy(asc(photoPairs.createdAt), asc(photoPairs.id)),
  ]);
  const byId = new Map(photoRows.map((row) => [row.id, row]));
  const pairs = pairRows.filter((pair) => byId.has(pair.beforePhotoId) && byId.has(pair.afterPhotoId));
  const entries: PhotoEntry[] = [];
  const paired = new Set<number>();
  pairs.forEach((pair, index) => {
    for (const id of [pair.beforePhotoId, pair.afterPhotoId]) {
      const row = byId.get(id)!;
      paired.add(id);
      entries.push({ row, name: pairPhotoName(index + 1, pairs.length, row.type), pairIndex: index });
    }
  });
  photoRows.forEach((row, index) => {
    if (!paired.has(row.id)) entries.push({ row, name: unpairedPhotoName(index + 1, photoRows.length, row.type) });
  });

  const makePdf = pairs.length > 0 && Boolean(user.businessName?.trim());
  const pdfPairs: Array<Partial<Record<'before' | 'after', Buffer>>> = pairs.map(() => ({}));
  const written = new Map<number, { name: string; sha256: string }>();
  for await (const { item: entry, bytes } of readInOrder(deps.photoStore, entries, (item) => item.row.storageKey)) {
    // Deleted while the export ran: left out, as if the export had started a moment later.
    if (!bytes) continue;
    await zip.addFile(folder + entry.name, bytes, { modifiedAt: entry.row.capturedAt ?? entry.row.receivedAt });
    if (makePdf && entry.pairIndex !== undefined) pdfPairs[entry.pairIndex]![entry.row.type] = bytes;
    // Photos stored before capture proof have no checksum in their row yet.
    written.set(entry.row.id, { name: entry.name, sha256: entry.row.sha256 ?? createHash('sha256').update(bytes).digest('hex') });
  }

  const complete: ReportPdfPair[] = pairs.flatMap((pair, index) => {
    const { before, after } = pdfPairs[index]!;
    if (!before || !after) return [];
    return [
      {
        before,
        after,
        beforeCapturedAt: byId.get(pair.beforePhotoId)!.capturedAt?.toISOString() ?? null,
        afterCapturedAt: byId.get(pair.afterPhotoId)!.capturedAt?.toISOString() ?? null,
      },
    ];
  });
  const pdf = makePdf && complete.length > 0 ? await buildReportPdfOfPairs(user, report, complete, logo) : null;
  if (pdf) await zip.addFile(`${folder}report.pdf`, pdf, { modifiedAt: report.createdAt });

  const photoJson = (row: PhotoRow) => ({
    id: row.id,
    file: written.get(row.id)?.name ?? null,
    type: row.type,
    capturedAt: row.capturedAt?.toISOString() ?? null,
    receivedAt: row.receivedAt.toISOString(),
    width: row.width,
    height: row.height,
    bytes: row.byteSize,
    sha256: written.get(row.id)?.sha256 ?? row.sha256,
  });
  const reportJson = {
    id: report.id,
    clientName: report.clientName,
    description: report.description,
    createdAt: report.createdAt.toISOString(),
    pdf: pdf ? 'report.pdf' : null,
    pairs: pairs.map((pair) => ({
      id: pair.id,
      createdAt: pair.createdAt.toISOString(),
      before: photoJson(byId.get(pair.beforePhotoId)!),
      after: photoJson(byId.get(pair.afterPhotoId)!),
    })),
    unpairedPhotos: photoRows.filter((row) => !paired.has(row.id)).map(photoJson),
  };
  await zip.addFile(`${folder}report.json`, Buffer.from(JSON.stringify(reportJson, null, 2)), { modifiedAt: report.createdAt });
  return { folder, photos: written.size, pairs: pairs.length, pdf: pdf !== null };
}
