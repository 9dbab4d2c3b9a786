// Removes files in the photo store that no row points at: left by a crash between writing the
// files and inserting the row (or deleting the row and then the files), or half-written temp
// files. Project photos are pointed at by photos rows, business logos by users rows, a client's
// answer files by approvals and issues rows.
// Only files older than a few minutes are touched, so an upload in progress (files written,
// row not yet inserted) is never swept, even by another server sharing the store.
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { clientIssues, photos, projectApprovals, users } from '../db/schema.js';
import type { PhotoStore } from '../storage/photo-store.js';
import type { PeriodicTask } from '../lib/periodic-task.js';
import { LOGOS_PREFIX } from '../account/business-logo.js';
import { CLIENT_ANSWERS_PREFIX, PROJECT_PHOTOS_PREFIX, projectIdOfKey } from './photo-keys.js';

export const ORPHAN_MIN_AGE_MS = 10 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 15 * 60 * 1000;
/** Files looked at per store page and per database query. */
const SWEEP_PAGE_SIZE = 500;

export interface SweepResult {
  /** Files removed because no row pointed at them. */
  removed: number;
  /** Files looked at (of any age). */
  scanned: number;
}

type SweepDeps = { db: Database; photoStore: PhotoStore };

/** Of these keys under one prefix, the ones a row still points at. */
type FindReferenced = (db: Database, keys: string[]) => Promise<Set<string>>;

const referencedProjectPhotos: FindReferenced = async (db, keys) => {
  // Keys carry their project id, so the lookup uses the photos.project_id index.
  const projectIds = [...new Set(keys.map(projectIdOfKey).filter((id): id is number => id !== null))];
  if (projectIds.length === 0) return new Set();
  const rows = await db.select({ storageKey: photos.storageKey, thumbnailKey: photos.thumbnailKey }).from(photos).where(inArray(photos.projectId, projectIds));
  return new Set(rows.flatMap((row) => [row.storageKey, row.thumbnailKey]));
};

const referencedLogos: FindReferenced = async (db, keys) => {
  const rows = await db.select({ key: users.businessLogoKey }).from(users).where(inArray(users.businessLogoKey, keys));
  return new Set(rows.map((row) => row.key).filter((key): key is string => key !== null));
};

const referencedAnswerFiles: FindReferenced = async (db, keys) => {
  const [issues, approvals] = await Promise.all([
    db.select({ key: clientIssues.photoKey }).from(clientIssues).where(inArray(clientIssues.photoKey, keys)),
    db.select({ key: projectApprovals.signatureKey }).from(projectApprovals).where(inArray(projectApprovals.signatureKey, keys)),
  ]);
  return new Set([...issues, ...approvals].map((row) => row.key).filter((key): key is string => key !== null));
};

const SWEPT_PREFIXES: ReadonlyArray<[prefix: string, findReferenced: FindReferenced]> = [
  [PROJECT_PHOTOS_PREFIX, referencedProjectPhotos],
  [LOGOS_PREFIX, referencedLogos],
  // Left when a report, a pair or an account goes (their rows cascade; the files are swept here).
  [CLIENT_ANSWERS_PREFIX, referencedAnswerFiles],
];

/**
 * One page of the store at a time: its old files, one query for the rows that point at them, the
 * rest deleted; then the next page. Memory stays at one page however large the store is.
 */
export async function sweepOrphanPhotoFiles(deps: SweepDeps, options: { now?: Date; minAgeMs?: number; pageSize?: number } = {}): Promise<SweepResult> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.minAgeMs ?? ORPHAN_MIN_AGE_MS);
  const result: SweepResult = { removed: 0, scanned: 0 };
  for (const [prefix, findReferenced] of SWEPT_PREFIXES) {
    for await (const page of deps.photoStore.list(prefix, { pageSize: options.pageSize ?? SWEEP_PAGE_SIZE })) {
      result.scanned += page.length;
      // A younger file may belong to an upload whose row is not inserted yet.
      const oldKeys = page.filter((file) => file.modifiedAt.getTime() <= cutoff).map((file) => file.key);
      if (oldKeys.length === 0) continue;
      const referenced = await findReferenced(deps.db, oldKeys);
      for (const key of oldKeys) {
        if (referenced.has(key)) continue;
        await deps.photoStore.delete(key);
        result.removed += 1;
      }
    }
  }
  return result;
}

/** Sweeps once when the server is ready, then every SWEEP_INTERVAL_MS until it closes (app.ts schedules it). */
export function orphanSweepTask(deps: SweepDeps & { clock: () => Date }, log: FastifyBaseLogger): PeriodicTask {
  return {
    name: 'orphan photo sweep',
    intervalMs: SWEEP_INTERVAL_MS,
    runAtStart: true,
    run: async () => {
      const result = await sweepOrphanPhotoFiles(deps, { now: deps.clock() });
      if (result.removed > 0) log.info(result, 'removed orphan photo files');
    },
  };
}
