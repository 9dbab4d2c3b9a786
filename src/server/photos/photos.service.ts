// Photo bytes and rows. Crash safety: files are written before the row that points at
// them and deleted after the row is gone, so no row ever points at a missing file; files left
// without a row by a crash are removed by the orphan sweeper.
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { PhotoType } from '../../shared/contract/projects.js';
import type { Database } from '../db/client.js';
import { businesses, photos, projects, users, type PhotoRow, type ProjectRow } from '../db/schema.js';
import { visibleProjects, type ProjectViewer } from '../project-access/project-access.js';
import { lockOpenProject } from '../project-access/project-areas.js';
import { HttpError, notFound } from '../lib/http-errors.js';
import { errorMessage } from '../../shared/error-codes.js';
import { MAX_PHOTOS_PER_ACCOUNT, MAX_PHOTOS_PER_PROJECT } from '../../shared/rules.js';
import type { PhotoStore } from '../storage/photo-store.js';
import { createConcurrencyLimiter } from '../../shared/concurrency-limiter.js';
import { plausibleCaptureTime } from '../../shared/capture-time.js';
import { processUploadedPhoto, type ProcessedPhoto } from './image-processing.js';
import { claimUploadKey, ClaimLostError, completeClaim, releaseClaim, uploadFingerprint, type UploadClaim } from './upload-keys.js';
import { newPhotoKeys } from './photo-keys.js';
import { pairAtShutter } from './pair-at-shutter.js';

interface PhotoDeps {
  db: Database;
  photoStore: PhotoStore;
}

/** A quota is used up: 409 with what to do, and nothing stored. */
export class PhotoQuotaError extends HttpError {
  constructor(readonly quota: 'project' | 'account') {
    const code = quota === 'project' ? 'photo_quota_report' : 'photo_quota_account';
    super(409, code, errorMessage(code, { max: quota === 'project' ? MAX_PHOTOS_PER_PROJECT : MAX_PHOTOS_PER_ACCOUNT }));
  }
}

/** Throws a PhotoQuotaError when one more photo would pass the report's or the business's quota. */
async function assertPhotoQuota(db: Database, businessId: number, projectId: number): Promise<void> {
  const [counts] = await db
    .select({
      inProject: sql<number>`count(*) filter (where ${photos.projectId} = ${projectId})`.mapWith(Number),
      inAccount: sql<number>`count(*)`.mapWith(Number),
    })
    .from(photos)
    .innerJoin(projects, eq(projects.id, photos.projectId))
    .where(eq(projects.businessId, businessId));
  if ((counts?.inProject ?? 0) >= MAX_PHOTOS_PER_PROJECT) throw new PhotoQuotaError('project');
  if ((counts?.inAccount ?? 0) >= MAX_PHOTOS_PER_ACCOUNT) throw new PhotoQuotaError('account');
}

/** The report a photo goes into. */
export type PhotoTarget = Pick<ProjectRow, 'id' | 'businessId'>;

export interface PhotoUpload {
  /** The member whose session uploads it (never from the request body). */
  takenBy: number;
  type: PhotoType;
  bytes: Buffer;
  /** As the client sent it (null when it sent none); bounds are applied here. */
  capturedAt: Date | null;
  receivedAt: Date;
  /** The owner's users.timeZone: a zone-less EXIF date is read in it. */
  timeZone: string;
  /** Shoot-to-pair: the before to pair this after with as it is stored (pair-at-shutter.ts). */
  pairWith?: number;
  /** The report area it is of (checked by the route); null in a blank report. */
  areaId: number | null;
}

export interface AddedPhoto {
  photo: PhotoRow;
  /** True when an earlier request with the same Idempotency-Key stored it, and this one stored nothing. */
  repeated: boolean;
  /** How its bytes were stored (for the metrics); absent on a repeat. */
  path?: ProcessedPhoto['path'];
}

/**
 * Adds a photo to the user's project, once per Idempotency-Key when one is given: claims the key
 * (or finds the photo an earlier request stored with it), stores the photo, and completes the key
 * in the transaction that inserts the photo's row; a failure gives the key up, so the upload can
 * be retried. Control only goes down from here: upload-keys.ts and image-processing.ts answer and
 * call nothing back.
 */
export async function addPhotoOnce(deps: PhotoDeps, project: PhotoTarget, upload: PhotoUpload, key: string | undefined): Promise<AddedPhoto> {
  if (key === undefined) return storeNewPhoto(deps, project, upload);
  const fingerprint = uploadFingerprint({ ...upload, projectId: project.id });
  for (;;) {
    // Keys are the uploading member's: each phone's queue retries under its own session.
    const found = await claimUploadKey(deps.db, { userId: upload.takenBy, key, fingerprint });
    if (found.repeatOf) return { photo: found.repeatOf, repeated: true };
    try {
      return await storeNewPhoto(deps, project, upload, found.claimed);
    } catch (error) {
      // Taken over as stale while this request worked: look again, as a repeat would.
      if (error instanceof ClaimLostError) continue;
      await releaseClaim(deps.db, found.claimed);
      throw error;
    }
  }
}

/** Stores an uploaded photo in the business's project (processed by image-processing.ts), completing the key's claim with its row. */
async function storeNewPhoto(deps: PhotoDeps, project: PhotoTarget, upload: PhotoUpload, claim?: UploadClaim): Promise<AddedPhoto> {
  // Checked before the costly decode, and again under the lock below, where it is decided.
  await assertPhotoQuota(deps.db, project.businessId, project.id);
  const processed = await processUploadedPhoto(upload.bytes, { timeZone: upload.timeZone });
  // The client's time first; else the file's own EXIF date, read before the metadata was removed.
  const capturedAt = plausibleCaptureTime(upload.capturedAt ?? processed.exifCapturedAt, upload.receivedAt);
  const sha256 = createHash('sha256').update(processed.jpeg).digest('hex');
  const keys = newPhotoKeys(project.id);
  try {
    // allSettled: when one write fails, the other must have finished before the clean-up below.
    const writes = await Promise.allSettled([
      deps.photoStore.put(keys.storageKey, processed.jpeg, 'image/jpeg'),
      deps.photoStore.put(keys.thumbnailKey, processed.thumbnail, 'image/webp'),
    ]);
    const failed = writes.find((write) => write.status === 'rejected');
    if (failed) throw failed.reason as unknown;
    const row = await deps.db.transaction(async (tx) => {
      // Locks in the order deleting the business takes them (its account row, then the business's):
      // an upload and that deletion never wait on each other in a circle (a deadlock, on PostgreSQL).
      // Once the business is gone the account row is too: the report went with it.
      const [account] = await tx
        .select({ id: users.id })
        .from(users)
        .innerJoin(businesses, eq(businesses.accountId, users.id))
        .where(eq(businesses.id, project.businessId))
        .for('key share', { of: users });
      if (!account) throw notFound('project_not_found');
      // The business's row lock orders its members' concurrent uploads, so a quota holds exactly.
      await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, project.businessId)).for('update');
      await assertPhotoQuota(tx as unknown as Database, project.businessId, project.id);
      // The job may have been finished since the route looked; the share lock makes a finish under
      // way wait for this photo (and count it) or go first (and this upload is refused).
      await lockOpenProject(tx, project.id, 'share');
      const [inserted] = await tx
        .insert(photos)
        .values({
          projectId: project.id,
          type: upload.type,
          ...keys,
          width: processed.width,
          height: processed.height,
          byteSize: processed.jpeg.length,
          capturedAt,
          receivedAt: upload.receivedAt,
          sha256,
          areaId: upload.areaId,
          takenBy: upload.takenBy,
        })
        .returning();
      if (inserted && claim) await completeClaim(tx, claim, inserted.id);
      // The route answers with the pair (findPairIdOf), for a first request and a repeat alike.
      if (inserted && upload.pairWith !== undefined) await pairAtShutter(tx, inserted, upload.pairWith);
      return inserted;
    });
    if (!row) throw new Error('Insert returned no photo');
    return { photo: row, repeated: false, path: processed.path };
  } catch (error) {
    await deletePhotoFiles(deps.photoStore, [keys]);
    // The project was deleted while its photo was being processed.
    if (isForeignKeyViolation(error)) throw notFound('project_not_found');
    throw error;
  }
}

/** A photo of a report the member sees, or a 404 (any other photo looks like one that does not exist). */
export async function findOwnedPhoto(db: Database, viewer: ProjectViewer, photoId: number): Promise<PhotoRow> {
  const [row] = await db
    .select({ photo: photos })
    .from(photos)
    .innerJoin(projects, eq(projects.id, photos.projectId))
    .where(and(eq(photos.id, photoId), visibleProjects(viewer)))
    .limit(1);
  if (!row) throw notFound('photo_not_found');
  return row.photo;
}

/** Deletes the photo; its pair goes with it (ON DELETE CASCADE), then its files. A finished job keeps its photos (409) until reopened. */
export async function deletePhoto(deps: PhotoDeps, photo: PhotoRow): Promise<void> {
  const deleted = await deps.db.transaction(async (tx) => {
    await lockOpenProject(tx, photo.projectId, 'share');
    return tx.delete(photos).where(eq(photos.id, photo.id)).returning({ storageKey: photos.storageKey, thumbnailKey: photos.thumbnailKey });
  });
  await deletePhotoFiles(deps.photoStore, deleted);
}

/** Removes the files of photos whose rows are gone. A failure leaves orphans for the sweeper, never an error for the user. */
export async function deletePhotoFiles(store: PhotoStore, keys: ReadonlyArray<{ storageKey: string; thumbnailKey: string }>): Promise<void> {
  const removals = createConcurrencyLimiter(8);
  await Promise.all(keys.flatMap((photo) => [photo.storageKey, photo.thumbnailKey]).map((key) => removals.run(() => store.delete(key).catch(() => undefined))));
}

/** spec §3's imageData for each photo: the stored JPEG as a data URL. Read a few at a time. */
export async function readPhotoDataUrls(store: PhotoStore, rows: readonly PhotoRow[]): Promise<Map<number, string>> {
  const reads = createConcurrencyLimiter(8);
  const entries = await Promise.all(
    rows.map((row) =>
      reads.run(async () => {
        const bytes = await store.get(row.storageKey);
        return bytes ? ([row.id, `data:image/jpeg;base64,${bytes.toString('base64')}`] as const) : null;
      }),
    ),
  );
  return new Map(entries.filter((entry) => entry !== null));
}

export function isForeignKeyViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23503';
}
