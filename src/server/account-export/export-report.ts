// One report's folder in the account export, in two steps so the export can overlap them:
// prepareReport reads its rows and starts reading its files from the store; writeReport writes the
// files, its PDF and report.json. While one report is written, the next one's rows and first
// photos are already on their way.
import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { photos, projectApprovals, type PhotoRow, type ProjectApprovalRow, type ProjectRow, type UserRow } from '../db/schema.js';
import type { PhotoStore } from '../storage/photo-store.js';
import type { ZipWriter } from '../lib/zip-writer.js';
import type { BufferPool } from '../lib/buffer-pool.js';
import { readInOrder, type ReadInOrder } from '../storage/read-in-order.js';
import { loadReportPdfSource, type ReportPdfSource } from '../projects/report-pdf.service.js';
import { jpegHeaderOf, layOutReportPdfWithPhotosOutside } from '../projects/report-pdf-photos-outside.js';
import { approvalSignatureName, issuePhotoName, pairPhotoName, reportFolder, unpairedPhotoName } from './export-layout.js';
import { reportJsonOf } from './report-json.js';
import { writeReportPdf, type PdfPhoto } from './export-report-pdf.js';
import type { PhotoSpool } from './photo-spool.js';

export type ExportDeps = { db: Database; photoStore: PhotoStore; clock: () => Date };

/** Files read ahead of the one being written: enough to keep the store busy while the CPU lays out a PDF. */
export const EXPORT_READ_AHEAD = 8;

/** A file of the report's folder, read from the store. */
interface FolderFile {
  key: string;
  name: string;
  modifiedAt: Date;
  /** The photo, for the report's photos (not the client's files). */
  photo?: PhotoRow;
}

export interface PreparedReport {
  report: ProjectRow;
  folder: string;
  source: ReportPdfSource;
  unpaired: PhotoRow[];
  approvals: ProjectApprovalRow[];
  signatureFiles: Map<number, string>;
  issuePhotoFiles: Map<number, string>;
  /** Its files, being read from the store in the order they are written. */
  reads: ReadInOrder<FolderFile>;
}

/** `pool`: the buffers its files are read into; each is given back once the download has taken it. */
export async function prepareReport(deps: ExportDeps, user: UserRow, report: ProjectRow, pool: BufferPool): Promise<PreparedReport> {
  const [photoRows, source, approvals] = await Promise.all([
    deps.db.select().from(photos).where(eq(photos.projectId, report.id)).orderBy(asc(photos.createdAt), asc(photos.id)),
    loadReportPdfSource(deps, user, report),
    deps.db
      .select()
      .from(projectApprovals)
      .where(eq(projectApprovals.projectId, report.id))
      .orderBy(asc(projectApprovals.approvedAt), asc(projectApprovals.id)),
  ]);
  const areaNames = new Map(source.areaRows.map((area) => [area.id, area.name]));
  const areaOf = (photo: PhotoRow) => (photo.areaId === null ? null : (areaNames.get(photo.areaId) ?? null));
  const takenAt = (photo: PhotoRow) => photo.capturedAt ?? photo.receivedAt;

  const files: FolderFile[] = [];
  const paired = new Set<number>();
  source.pairs.forEach((pair, index) => {
    for (const photo of [pair.before, pair.after]) {
      paired.add(photo.id);
      files.push({ key: photo.storageKey, photo, name: pairPhotoName(index + 1, source.pairs.length, photo.type, areaOf(photo)), modifiedAt: takenAt(photo) });
    }
  });
  const unpaired: PhotoRow[] = [];
  photoRows.forEach((photo, index) => {
    if (paired.has(photo.id)) return;
    unpaired.push(photo);
    files.push({ key: photo.storageKey, photo, name: unpairedPhotoName(index + 1, photoRows.length, photo.type, areaOf(photo)), modifiedAt: takenAt(photo) });
  });
  const issuePhotoFiles = new Map<number, string>();
  source.issueRows.forEach((issue, index) => {
    if (!issue.photoKey) return;
    issuePhotoFiles.set(issue.id, issuePhotoName(index + 1, source.issueRows.length));
    files.push({ key: issue.photoKey, name: issuePhotoFiles.get(issue.id)!, modifiedAt: issue.createdAt });
  });
  const signatureFiles = new Map<number, string>();
  approvals.forEach((approval, index) => {
    if (!approval.signatureKey) return;
    signatureFiles.set(approval.id, approvalSignatureName(index + 1, approvals.length));
    files.push({ key: approval.signatureKey, name: signatureFiles.get(approval.id)!, modifiedAt: approval.approvedAt });
  });

  return {
    report,
    folder: reportFolder(report),
    source,
    unpaired,
    approvals,
    signatureFiles,
    issuePhotoFiles,
    reads: readInOrder(deps.photoStore, files, (file) => file.key, EXPORT_READ_AHEAD, { allocate: pool.take }),
  };
}

/** Gives `bytes` back to the pool once each of its `uses` has said it is done (a failed write never does: the buffer is then left to the garbage collector). */
function givingBack(pool: BufferPool, bytes: Buffer, uses: number): () => void {
  let left = uses;
  return () => {
    left -= 1;
    if (left === 0) pool.give(bytes);
  };
}

export interface WrittenReport {
  folder: string;
  photos: number;
  pairs: number;
  pdf: boolean;
}

/**
 * Writes the report's files, its PDF and report.json. `pdfPhotosKeptBytes`: the most bytes of its
 * photos kept from their own entries for the PDF; the rest are read again as the PDF is written,
 * from `spool` when there is one (a store across the network), else from the store.
 */
export async function writeReport(
  deps: ExportDeps,
  user: UserRow,
  prepared: PreparedReport,
  zip: ZipWriter,
  options: { pool: BufferPool; logo: Buffer | null; pdfPhotosKeptBytes: number; spool: PhotoSpool | null },
): Promise<WrittenReport> {
  const { pool } = options;
  const { report, folder, source } = prepared;
  const makePdf = source.pairs.length > 0 && Boolean(user.businessName?.trim());
  const paired = new Set(source.pairs.flatMap((pair) => [pair.before.id, pair.after.id]));
  const pdfPhotos = new Map<number, PdfPhoto>();
  let keptBytes = 0;
  const photoFiles = new Map<number, { name: string; sha256: string }>();
  try {
    for await (const { item: file, bytes } of prepared.reads) {
      // Deleted while the export ran: left out, as if the export had started a moment later.
      if (!bytes) continue;
      const photo = file.photo;
      // Photos stored before capture proof have no checksum in their row yet.
      if (photo) photoFiles.set(photo.id, { name: file.name, sha256: photo.sha256 ?? createHash('sha256').update(bytes).digest('hex') });
      const header = photo && makePdf && paired.has(photo.id) ? jpegHeaderOf(bytes) : null;
      const keep = header !== null && keptBytes + bytes.buffer.byteLength <= options.pdfPhotosKeptBytes;
      if (keep) keptBytes += bytes.buffer.byteLength;
      // Kept for the PDF, the buffer goes back once both the entry and the PDF are written; copied
      // to the spool, once both the entry and the copy are.
      const spooled = header !== null && !keep && options.spool !== null;
      const release = givingBack(pool, bytes, keep || spooled ? 2 : 1);
      if (spooled) void options.spool!.keep(file.key, bytes).then(release);
      const contents = await zip.addFile(folder + file.name, bytes, { modifiedAt: file.modifiedAt, onFlushed: release });
      if (photo && header) pdfPhotos.set(photo.id, { ...contents, header, key: photo.storageKey, bytes: keep ? bytes : null, release: keep ? release : null });
    }
  } finally {
    await prepared.reads.return();
  }

  const pdf = makePdf ? await layOutReportPdfWithPhotosOutside(user, report, source, pdfPhotos, options.logo) : null;
  if (pdf)
    await writeReportPdf(options.spool?.reads ?? deps.photoStore, zip, `${folder}report.pdf`, pdf, pdfPhotos, {
      modifiedAt: report.createdAt,
      readAhead: EXPORT_READ_AHEAD,
      pool,
    });
  await options.spool?.clear();
  // Kept photos the PDF did not print (none, or no PDF): their second use is over.
  const printed = new Set(pdf?.parts.flatMap((part) => (part instanceof Uint8Array ? [] : [part.photoId])) ?? []);
  for (const [photoId, photo] of pdfPhotos) if (!printed.has(photoId)) photo.release?.();
  const json = reportJsonOf({
    report,
    areas: source.areaRows,
    pairs: source.pairs,
    unpaired: prepared.unpaired,
    approvals: prepared.approvals,
    issues: source.issueRows,
    photoFiles,
    signatureFiles: prepared.signatureFiles,
    issuePhotoFiles: prepared.issuePhotoFiles,
    pdf: pdf !== null,
  });
  await zip.addFile(`${folder}report.json`, Buffer.from(json), { modifiedAt: report.createdAt });
  return { folder, photos: photoFiles.size, pairs: source.pairs.length, pdf: pdf !== null };
}
