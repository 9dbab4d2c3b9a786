// Removes photo files that no row points at: left by a crash between writing the files and
// inserting the row (or deleting the row and then the files), or half-written temp files.
// Only files older than a few minutes are touched, so an upload in progress (files written,
// row not yet inserted) is never swept, even by another server sharing the store.
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { photos } from '../db/schema.js';
import type { PhotoStore } from '../storage/photo-store.js';
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

export async function sweepOrphanPhotoFiles(
  deps: { db: Database; photoStore: PhotoStore },
  options: { now?: Date; minAgeMs?: number } = {},
): Promise<SweepResult> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.minAgeMs ?? ORPHAN_MIN_AGE_MS);
  const result: SweepResult = { removed: [], scanned: 0 };
  let batch: string[] = [];
  const flush = async () => {
    result.removed.push(...(await removeUnreferenced(deps, batch)));
    batch = [];
  };
  for await (const file of deps.photoStore.list(PROJECT_PHOTOS_PREFIX)) {
    result.scanned += 1;
    if (file.modifiedAt.getTime() > cutoff) continue;
    batch.push(file.key);
    if (batch.length >= BATCH_SIZE) await flush();
  }
  if (batch.length > 0) await flush();
  return result;
}

async function removeUnreferenced(deps: { db: Database; photoStore: PhotoStore }, keys: string[]): Promise<string[]> {
  // Keys carry their project id, so the lookup uses the photos.project_id index.
  const projectIds = [...new Set(keys.map(projectIdOfKey).filter((id): id is number => id !== null))];
  const referenced = new Set<string>();
  if (projectIds.length > 0) {
    const rows = await deps.db.select({ storageKey: photos.storageKey, thumbnailKey: photos.thumbnailKey }).from(photos).where(inArray(photos.projectId, projectIds));
    for (const row of rows) {
      referenced.add(row.storageKey);
      referenced.add(row.thumbnailKey);
    }
  }
  const orphans = keys.filter((key) => !referenced.has(key));
  for (const key of orphans) await deps.photoStore.delete(key);
  return orphans;
}

/** Sweeps once when the server is ready, then every SWEEP_INTERVAL_MS until it closes. */
export function scheduleOrphanSweeps(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const sweep = () => {
    if (running) return;
    running = sweepOrphanPhotoFiles(app.deps, { now: app.deps.clock() })
      .then((result) => {
        if (result.removed.length > 0) app.log.info({ removed: result.removed.length, scanned: result.scanned }, 'removed orphan photo files');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'orphan photo sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
