// About how many bytes the account export will be, sent before it (Export-Size-Estimate) so the
// app can show the download's progress against it. One query; exact but for the parts made as the
// export is written (a PDF's own bytes, report.json, the CSV files), counted at what they usually are.
import { alias } from 'drizzle-orm/pg-core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { photoPairs, photos, projects, type UserRow } from '../db/schema.js';

/** A report's PDF beyond its photos: its fonts and first page, and each photo's image object and drawing. */
const PDF_OWN_BYTES = 20 * 1024;
const PDF_BYTES_PER_PHOTO = 600;
/** A report's report.json and its line in reports.csv. */
const REPORT_OWN_BYTES = 2 * 1024;
/** A file's local header and central directory entry, with its name twice. */
const ENTRY_BYTES = 200;

export async function estimateExportSize(db: Database, user: UserRow): Promise<number> {
  const before = alias(photoPairs, 'before_pairs');
  const after = alias(photoPairs, 'after_pairs');
  const paired = sql`(${before.id} is not null or ${after.id} is not null)`;
  const [row] = await db
    .select({
      photoBytes: sql<number>`coalesce(sum(${photos.byteSize}), 0)`.mapWith(Number),
      pairedBytes: sql<number>`coalesce(sum(${photos.byteSize}) filter (where ${paired}), 0)`.mapWith(Number),
      pairedPhotos: sql<number>`count(${photos.id}) filter (where ${paired})`.mapWith(Number),
      photos: sql<number>`count(${photos.id})`.mapWith(Number),
      reports: sql<number>`count(distinct ${projects.id})`.mapWith(Number),
      reportsWithPairs: sql<number>`count(distinct ${projects.id}) filter (where ${paired})`.mapWith(Number),
    })
    .from(projects)
    .leftJoin(photos, eq(photos.projectId, projects.id))
    .leftJoin(before, eq(before.beforePhotoId, photos.id))
    .leftJoin(after, eq(after.afterPhotoId, photos.id))
    .where(eq(projects.businessId, user.businessId));
  if (!row) return 0;
  // A report gets a PDF only with a business name (spec §5): its photos are in it a second time.
  const pdfs = user.businessName?.trim() ? row.pairedBytes + row.pairedPhotos * PDF_BYTES_PER_PHOTO + row.reportsWithPairs * PDF_OWN_BYTES : 0;
  return row.photoBytes + pdfs + row.reports * REPORT_OWN_BYTES + row.photos * ENTRY_BYTES;
}
