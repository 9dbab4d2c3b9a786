// Pairing (spec §4): a pair is one before and one after photo of the same project, both unpaired.
// The unique indexes on photo_pairs.before_photo_id / after_photo_id decide races.
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { CreatePhotoPairBody } from '../../shared/contract/projects.js';
import { isUniqueViolation, type Database } from '../db/client.js';
import { photoPairs, photos, projects, type PhotoPairRow, type PhotoRow } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../lib/http-errors.js';
import { isBeforeAndAfter, matchWithinAreas } from '../../shared/pairing.js';
import { isForeignKeyViolation } from './photos.service.js';
import { visibleProjects, type ProjectViewer } from '../project-access/project-access.js';
import { lockOpenProject } from '../project-access/project-areas.js';

export async function createPhotoPair(
  db: Database,
  projectId: number,
  body: CreatePhotoPairBody,
): Promise<{ pair: PhotoPairRow; before: PhotoRow; after: PhotoRow }> {
  const chosen = await db
    .select()
    .from(photos)
    .where(and(eq(photos.projectId, projectId), inArray(photos.id, [body.beforePhotoId, body.afterPhotoId])));
  const before = chosen.find((photo) => photo.id === body.beforePhotoId);
  const after = chosen.find((photo) => photo.id === body.afterPhotoId);
  // A photo of another project (or another user) is "not in this report", like one that does not exist.
  if (!before || !after) throw notFound('photo_not_in_project');
  if (!isBeforeAndAfter(before, after)) throw badRequest('invalid_selection');
  if (before.areaId !== after.areaId) throw badRequest('areas_differ');

  const taken = await db
    .select({ id: photoPairs.id })
    .from(photoPairs)
    .where(or(inArray(photoPairs.beforePhotoId, [before.id, after.id]), inArray(photoPairs.afterPhotoId, [before.id, after.id])))
    .limit(1);
  if (taken.length > 0) throw conflict('already_paired');

  try {
    // Under the report's share lock: a finish under way goes first (and this pair is refused) or counts it.
    const pair = await db.transaction(async (tx) => {
      await lockOpenProject(tx, projectId, 'share');
      const [inserted] = await tx.insert(photoPairs).values({ projectId, beforePhotoId: before.id, afterPhotoId: after.id }).returning();
      return inserted;
    });
    if (!pair) throw new Error('Insert returned no pair');
    return { pair, before, after };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('already_paired');
    if (isForeignKeyViolation(error)) throw notFound('photo_not_in_project');
    throw error;
  }
}

/** Pairs the unpaired befores with the unpaired afters one to one, in the order they were taken, within each area. */
export async function autoPairPhotos(db: Database, projectId: number): Promise<number> {
  const unpaired = await db
    .select({ id: photos.id, type: photos.type, areaId: photos.areaId })
    .from(photos)
    .where(
      and(
        eq(photos.projectId, projectId),
        // Written out in full so photos.id binds to the outer row (see projects.service.ts).
        sql`not exists (select 1 from photo_pairs where photo_pairs.before_photo_id = photos.id or photo_pairs.after_photo_id = photos.id)`,
      ),
    )
    .orderBy(asc(photos.createdAt), asc(photos.id));
  const pairs = matchWithinAreas(unpaired);
  if (pairs.length === 0) return 0;
  try {
    // A photo paired meanwhile by another request is skipped rather than failing the rest; a finish
    // under way goes first (and these pairs are refused) or counts them.
    const created = await db.transaction(async (tx) => {
      await lockOpenProject(tx, projectId, 'share');
      return tx
        .insert(photoPairs)
        .values(pairs.map((pair) => ({ projectId, ...pair })))
        .onConflictDoNothing()
        .returning({ id: photoPairs.id });
    });
    return created.length;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict('photos_changed');
    throw error;
  }
}

export async function findOwnedPair(db: Database, viewer: ProjectViewer, pairId: number): Promise<PhotoPairRow> {
  const [row] = await db
    .select({ pair: photoPairs })
    .from(photoPairs)
    .innerJoin(projects, eq(projects.id, photoPairs.projectId))
    .where(and(eq(photoPairs.id, pairId), visibleProjects(viewer)))
    .limit(1);
  if (!row) throw notFound('pair_not_found');
  return row.pair;
}

/** Deletes the pair only; both photos stay, unpaired. A finished job keeps its pairs (409) until reopened. */
export async function deletePhotoPair(db: Database, pair: Pick<PhotoPairRow, 'id' | 'projectId'>): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOpenProject(tx, pair.projectId, 'share');
    await tx.delete(photoPairs).where(eq(photoPairs.id, pair.id));
  });
}

export interface PairWithPhotos {
  id: number;
  createdAt: Date;
  before: PhotoRow;
  after: PhotoRow;
}

/**
 * A report's pairs with both photos' rows, in the order the editor, the client link and the PDF
 * show them (oldest pair first). The one query for "the report's pairs with their photos".
 */
export function listPairsWithPhotos(db: Database, projectId: number, options: { limit?: number } = {}): Promise<PairWithPhotos[]> {
  const beforePhotos = alias(photos, 'before_photos');
  const afterPhotos = alias(photos, 'after_photos');
  const query = db
    .select({ id: photoPairs.id, createdAt: photoPairs.createdAt, before: beforePhotos, after: afterPhotos })
    .from(photoPairs)
    .innerJoin(beforePhotos, eq(beforePhotos.id, photoPairs.beforePhotoId))
    .innerJoin(afterPhotos, eq(afterPhotos.id, photoPairs.afterPhotoId))
    .where(eq(photoPairs.projectId, projectId))
    .orderBy(asc(photoPairs.createdAt), asc(photoPairs.id));
  return options.limit === undefined ? query : query.limit(options.limit);
}
