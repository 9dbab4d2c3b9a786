// GET /api/account/export: everything the owner has, written report by report into a streamed
// ZIP (export-layout.ts names the entries). Memory stays flat whatever the account's size: rows a
// page at a time, a few files read ahead, and the ZIP writer waits for the download to take each
// entry. A report's PDF is laid out without its photos (projects/report-pdf-photos-outside.ts):
// their bytes go into it as it is written, kept from the photos' own entries only up to a budget,
// so a 500-photo report costs no more memory than a 5-photo one. While a report is written, the
// next report's rows and first photos are read (export-report.ts).
import { and, asc, eq, gt } from 'drizzle-orm';
import { clients, projects, type UserRow } from '../db/schema.js';
import type { ZipWriter } from '../lib/zip-writer.js';
import { createBufferPool } from '../lib/buffer-pool.js';
import { createHeapBudget } from '../lib/heap-budget.js';
import { CLIENTS_CSV_HEADER, REPORTS_CSV_HEADER, csvLine, exportReadme } from './export-layout.js';
import { prepareReport, writeReport, type ExportDeps, type PreparedReport } from './export-report.js';
import { openPhotoSpool } from './photo-spool.js';

/** Reports (and clients) read from the database at a time. */
const REPORTS_PAGE_SIZE = 50;
const CLIENTS_PAGE_SIZE = 500;
/**
 * A report's paired photos kept from their own entries for its PDF, at most: most of a usual
 * report's (the app's photos are ~120 KB). The rest are read from the store again as the PDF is
 * written, into buffers used again: on the benchmark that cost no more CPU than keeping 16 MB,
 * and 10 MB less memory.
 */
const PDF_PHOTOS_KEPT_BYTES = 4 * 1024 * 1024;
/** Free read buffers kept for the next reads, at most (those in use are bounded by the read-ahead and the kept photos). */
const FREE_BUFFERS_BYTES = 8 * 1024 * 1024;
/**
 * Growth of the heap and ArrayBuffers (the read buffers, and the PDFs' dead objects) past which a
 * full garbage collection runs between reports (lib/heap-budget.ts). Each costs ~150 ms of CPU. On
 * the benchmark (2 GB, PDFs): 32 MB, 7 collections and RSS +40 MB at worst; 40 MB, 4 collections,
 * +63 MB (too close to the issue's 64) and the CPU of no budget. 24 MB made a 1 GB export ~1.5x as long.
 */
const HEAP_GROWTH_BUDGET_BYTES = 32 * 1024 * 1024;

export interface AccountExportOptions {
  /** The most bytes of a report's photos kept for its PDF (tests set 0 to read every one again). */
  pdfPhotosKeptBytes?: number;
  /**
   * A folder on this server's disk where the photos a report's PDF prints again are kept meanwhile
   * (photo-spool.ts): for a store across the network, so each photo is fetched once. None: they
   * are read from the store again.
   */
  spoolDir?: string;
}

/**
 * Files are read into buffers used again once the ZIP's output is done with them (ZipEntryOptions'
 * onFlushed): the output must be a socket or an HTTP response, or a stream that copies what it keeps.
 */

export async function writeAccountExport(deps: ExportDeps, user: UserRow, zip: ZipWriter, options: AccountExportOptions = {}): Promise<void> {
  const generatedAt = deps.clock();
  await zip.addFile('README.txt', Buffer.from(exportReadme(generatedAt)), { modifiedAt: generatedAt });
  const logo = user.businessLogoKey ? await deps.photoStore.get(user.businessLogoKey) : null;
  const pool = createBufferPool(FREE_BUFFERS_BYTES);
  const heapBudget = createHeapBudget(HEAP_GROWTH_BUDGET_BYTES);
  const spool = options.spoolDir ? await openPhotoSpool(options.spoolDir, deps.photoStore) : null;

  const reports = pagesOf(
    (afterId) =>
      deps.db
        .select()
        .from(projects)
        .where(and(eq(projects.businessId, user.businessId), gt(projects.id, afterId)))
        .orderBy(asc(projects.id))
        .limit(REPORTS_PAGE_SIZE),
    REPORTS_PAGE_SIZE,
  );
  const prepareNext = async (): Promise<PreparedReport | null> => {
    const next = await reports.next();
    return next.done ? null : prepareReport(deps, user, next.value, pool);
  };
  let reportsCsv = csvLine(REPORTS_CSV_HEADER);
  let upcoming = prepareNext();
  try {
    for (let prepared = await upcoming; prepared; prepared = await upcoming) {
      // The next report's rows and first reads are on their way while this one is written.
      upcoming = prepareNext();
      // Awaited on the next turn; until then a failure must not count as unhandled.
      upcoming.catch(() => undefined);
      const written = await writeReport(deps, user, prepared, zip, {
        pool,
        logo,
        pdfPhotosKeptBytes: options.pdfPhotosKeptBytes ?? PDF_PHOTOS_KEPT_BYTES,
        spool,
      });
      const { report } = prepared;
      reportsCsv += csvLine([
        report.id,
        report.createdAt.toISOString(),
        report.clientName,
        report.clientId,
        report.description,
        report.status,
        written.folder,
        written.photos,
        written.pairs,
        written.pdf ? 'yes' : 'no',
      ]);
      heapBudget.collectIfOver();
    }
  } finally {
    // Given up half-way (a cancelled download): the next report's reads ahead stop too.
    await upcoming.then((next) => next?.reads.return()).catch(() => undefined);
    await spool?.close();
  }
  await zip.addFile('reports.csv', Buffer.from(reportsCsv), { modifiedAt: generatedAt });

  let clientsCsv = csvLine(CLIENTS_CSV_HEADER);
  const clientRows = pagesOf(
    (afterId) =>
      deps.db
        .select()
        .from(clients)
        .where(and(eq(clients.businessId, user.businessId), gt(clients.id, afterId)))
        .orderBy(asc(clients.id))
        .limit(CLIENTS_PAGE_SIZE),
    CLIENTS_PAGE_SIZE,
  );
  for await (const client of clientRows) {
    clientsCsv += csvLine([client.id, client.name, client.email, client.phone, client.address, client.notes, client.createdAt.toISOString()]);
  }
  await zip.addFile('clients.csv', Buffer.from(clientsCsv), { modifiedAt: generatedAt });
  await zip.finish();
}

/** Rows a page at a time by id (keyset), so an account of any size is never all in memory. */
async function* pagesOf<T extends { id: number }>(page: (afterId: number) => Promise<T[]>, pageSize: number): AsyncGenerator<T> {
  let afterId = 0;
  for (;;) {
    const rows = await page(afterId);
    yield* rows;
    if (rows.length < pageSize) return;
    afterId = rows[rows.length - 1]!.id;
  }
}
