// Removes files in the photo store that no row points at: left by a crash between writing the
// files and inserting the row (or deleting the row and then the files), or half-written temp
// files. Project photos are pointed at by photos rows, business logos by users rows.
// Only files older than a few minutes are touched, so an upload in progress (files written,
// row not yet inserted) is never swept, even by another server sharing the store.
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { photos, users } from '../db/schema.js';
import type { PhotoStore } from '../storage/photo-store.js';
import type { PeriodicTask } from '../lib/periodic-task.js';
import { LOGOS_PREFIX } from '../account/business-logo.js';
import { PROJECT_PHOTOS_PREFIX, projectIdOfKey } from './photo-keys.js';

export const ORPHAN_MIN_AGE_MS = 10 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 15 * 60 * 1000;
const BATCH_SIZE = 500;

export interface SweepResult {
  /** Keys removed because no row pointed at them. */
  removed: string[];
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

const SWEPT_PREFIXES: ReadonlyArray<[prefix: string, findReferenced: FindReferenced]> = [
  [PROJECT_PHOTOS_PREFIX, referencedProjectPhotos],
  [LOGOS_PREFIX, referencedLogos],
];

export async function sweepOrphanPhotoFiles(deps: SweepDeps, options: { now?: Date; minAgeMs?: number } = {}): Promise<SweepResult> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.minAgeMs ?? ORPHAN_MIN_AGE_MS);
  const result: SweepResult = { removed: [], scanned: 0 };
  for (const [prefix, findReferenced] of SWEPT_PREFIXES) {
    let batch: string[] = [];
    const flush = async () => {
      const referenced = await findReferenced(deps.db, batch);
      const orphans = batch.filter((key) => !referenced.has(key));
      for (const key of orphans) await deps.photoStore.delete(key);
      result.removed.push(...orphans);
      batch = [];
    };
    for await (const file of deps.photoStore.list(prefix)) {
      result.scanned += 1;
      if (file.modifiedAt.getTime() > cutoff) continue;
      batch.push(file.key);
      if (batch.length >= BATCH_SIZE) await flush();
    }
    if (batch.length > 0) await flush();
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
      if (result.removed.length > 0) log.info({ removed: result.removed.length, scanned: result.scanned }, 'removed orphan photo files');
    },
  };
}
