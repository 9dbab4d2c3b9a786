// Shoot-to-pair: an after photo taken over a before's ghost is paired with that before in the
// transaction that stores it, so the pair exists as soon as the photo does. A before that is no
// longer an unpaired before of the report (deleted, paired meanwhile, an after, another report's)
// pairs nothing: the photo is kept all the same, unpaired.
import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { photoPairs, photos, type PhotoRow } from '../db/schema.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Pairs `after` with the before `beforePhotoId` when it can; returns the new pair's id, or null. */
export async function pairAtShutter(tx: Tx, after: PhotoRow, beforePhotoId: number): Promise<number | null> {
  if (after.type !== 'after') return null;
  // FOR SHARE: the before cannot be deleted until this transaction ends, so the pair's foreign key
  // holds and never aborts the photo's own insert.
  const [before] = await tx
    .select({ id: photos.id })
    .from(photos)
    .where(
      and(
        eq(photos.id, beforePhotoId),
        eq(photos.projectId, after.projectId),
        eq(photos.type, 'before'),
        // Pairs never cross areas: a before of another area pairs nothing.
        sql`${photos.areaId} is not distinct from ${after.areaId}`,
      ),
    )
    .for('share');
  if (!before) return null;
  // The unique index on before_photo_id decides a race with another pairing: the loser pairs nothing.
  const [pair] = await tx
    .insert(photoPairs)
    .values({ projectId: after.projectId, beforePhotoId: before.id, afterPhotoId: after.id })
    .onConflictDoNothing()
    .returning({ id: photoPairs.id });
  return pair?.id ?? null;
}

/** The pair a photo is in now, if any (a repeated upload answers with it). */
export async function findPairIdOf(db: Database, photoId: number): Promise<number | null> {
  const [pair] = await db
    .select({ id: photoPairs.id })
    .from(photoPairs)
    .where(or(eq(photoPairs.beforePhotoId, photoId), eq(photoPairs.afterPhotoId, photoId)))
    .limit(1);
  return pair?.id ?? null;
}
