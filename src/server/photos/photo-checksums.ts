// Photos stored before capture proof existed have no sha256 yet: it is computed from the stored bytes the first
// time such a photo is shown, and kept. Photos stored since get theirs when they are stored.
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { createHash } from 'node:crypto';
import { photos, type PhotoRow } from '../db/schema.js';
import type { PhotoStore } from '../storage/photo-store.js';
import { createConcurrencyLimiter } from '../../shared/concurrency-limiter.js';

/** A photo row whose checksum is known: what the API shows. */
export type CheckedPhotoRow = PhotoRow & { sha256: string };

export async function withChecksums(deps: { db: Database; photoStore: PhotoStore }, rows: readonly PhotoRow[]): Promise<CheckedPhotoRow[]> {
  const reads = createConcurrencyLimiter(8);
  return Promise.all(
    rows.map(async (row) => {
      if (row.sha256 !== null) return row as CheckedPhotoRow;
      return reads.run(async () => {
        const bytes = await deps.photoStore.get(row.storageKey);
        // A row never points at a missing file (photos.service.ts writes files first).
        if (!bytes) throw new Error(`Photo file missing from the store: ${row.storageKey}`);
        const sha256 = createHash('sha256').update(bytes).digest('hex');
        await deps.db.update(photos).set({ sha256 }).where(eq(photos.id, row.id));
        return { ...row, sha256 };
      });
    }),
  );
}
