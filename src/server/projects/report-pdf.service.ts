// The server side of the report PDF: gathers the owner's report (pairs in the order the editor
// shows them, JPEG bytes from the photo store, the business logo) and runs the shared layout.
import { alias } from 'drizzle-orm/pg-core';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { photoPairs, photos, type ProjectRow, type UserRow } from '../db/schema.js';
import type { PhotoStore } from '../storage/photo-store.js';
import { conflict } from '../lib/http-errors.js';
import { cpuWork } from '../lib/cpu-work.js';
import { buildReportPdf, type ReportPdfPair } from '../../pdf/report-layout.js';
import { formatReportDate } from '../../shared/format.js';
import { loadReportFonts } from './report-pdf-fonts.js';
import { toLocale } from '../../shared/preferences.js';

/** The report owner's language: the PDF's words, date and default file name are in it, whoever asks. */

export const NO_PAIRS_MESSAGE = 'Add at least one before-and-after photo pair to export this report.';
export const NO_BUSINESS_NAME_MESSAGE = 'Set your business name before exporting a report.';

/** Photo reads in flight at once: enough to hide S3 latency, few enough to bound memory spikes. */
const READ_CONCURRENCY = 8;

export async function renderProjectReportPdf(deps: { db: Database; photoStore: PhotoStore }, user: UserRow, project: ProjectRow): Promise<Uint8Array> {
  // spec §5: a business name must be set and at least one pair is needed.
  const businessName = user.businessName?.trim();
  if (!businessName) throw conflict(NO_BUSINESS_NAME_MESSAGE);

  const beforePhotos = alias(photos, 'before_photos');
  const afterPhotos = alias(photos, 'after_photos');
  const rows = await deps.db
    .select({ beforeKey: beforePhotos.storageKey, afterKey: afterPhotos.storageKey, beforeCapturedAt: beforePhotos.capturedAt, afterCapturedAt: afterPhotos.capturedAt })
    .from(photoPairs)
    .innerJoin(beforePhotos, eq(beforePhotos.id, photoPairs.beforePhotoId))
    .innerJoin(afterPhotos, eq(afterPhotos.id, photoPairs.afterPhotoId))
    .where(eq(photoPairs.projectId, project.id))
    .orderBy(asc(photoPairs.createdAt), asc(photoPairs.id));
  if (rows.length === 0) throw conflict(NO_PAIRS_MESSAGE);

  const keys = rows.flatMap((row) => [row.beforeKey, row.afterKey]);
  const [bytes, logo, fonts] = await Promise.all([
    readAll(deps.photoStore, keys),
    user.businessLogoKey ? deps.photoStore.get(user.businessLogoKey) : Promise.resolve(null),
    loadReportFonts(),
  ]);
  const pairs: ReportPdfPair[] = rows.map((row, index) => ({
    before: bytes[2 * index]!,
    after: bytes[2 * index + 1]!,
    beforeCapturedAt: row.beforeCapturedAt?.toISOString() ?? null,
    afterCapturedAt: row.afterCapturedAt?.toISOString() ?? null,
  }));
  // The layout is CPU work like a photo decode: it waits for a core with them (lib/cpu-work.ts).
  return cpuWork.run(() =>
    buildReportPdf(
      {
        businessName,
        logo,
        clientName: project.clientName,
        description: project.description,
        // The owner's language and zone (issue 15), whoever asks for it (the owner or a client link).
        dateText: formatReportDate(project.createdAt, toLocale(user.locale), user.timeZone),
        timeZone: user.timeZone,
        pairs,
        locale: toLocale(user.locale),
      },
      fonts,
    ),
  );
}

/** Every key's bytes, in order; a missing file is a lost photo, which is a server fault. */
async function readAll(store: PhotoStore, keys: string[]): Promise<Buffer[]> {
  const result: Buffer[] = new Array<Buffer>(keys.length);
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const index = next++;
      const key = keys[index]!;
      const bytes = await store.get(key);
      if (!bytes) throw new Error(`Photo file missing from the store: ${key}`);
      result[index] = bytes;
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, keys.length) }, worker));
  return result;
}
