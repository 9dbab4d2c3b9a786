// Idempotent photo uploads (docs/decisions/017-capture-proof-and-idempotent-uploads.md).
// A phone retries an upload whose answer it never got; the Idempotency-Key makes the retry answer
// with the photo the first try stored, never a second one.
//
// One row per (user, key), claimed before the photo is processed: the primary key decides which
// of several concurrent requests stores the photo. The others wait (polling the row) until it is
// completed, in the same transaction that inserts the photo, then answer with that photo. A request
// that fails releases its claim, so a failed upload leaves nothing behind and can be retried.
// These are steps the photo service (photos.service.ts, addPhotoOnce) calls in order; nothing here
// calls back into it.
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { PhotoType } from '../../shared/contract/projects.js';
import type { Database } from '../db/client.js';
import { photos, photoUploadKeys, type PhotoRow } from '../db/schema.js';
import { conflict, tooManyRequests } from '../lib/http-errors.js';
import type { PeriodicTask } from '../lib/periodic-task.js';

/** Keys are kept at least this long (at least 7 days); the sweep deletes older ones. */
export const UPLOAD_KEY_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
export const UPLOAD_KEY_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** A claim still pending after this long belongs to a request that died (a crash); it is taken over. */
export const STALE_CLAIM_MS = 2 * 60 * 1000;
/** How long a repeat waits for the first request to finish before asking the client to retry. */
export const CLAIM_WAIT_MS = 30 * 1000;

/** What makes two requests "the same upload": the bytes, the type, the report and the capture time as sent. */
export function uploadFingerprint(input: { bytes: Buffer; type: PhotoType; projectId: number; capturedAt: Date | null; areaId?: number | null }): string {
  const bytesHash = createHash('sha256').update(input.bytes).digest('hex');
  // The area is added only when there is one, so a blank report's keys keep the fingerprint they had.
  const parts = [bytesHash, input.type, String(input.projectId), input.capturedAt?.toISOString() ?? ''];
  if (input.areaId != null) parts.push(`area:${input.areaId}`);
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}

export interface UploadClaim {
  userId: number;
  key: string;
  claimToken: string;
}

/** Thrown inside the storing transaction when the claim was taken over meanwhile: the caller looks again. */
export class ClaimLostError extends Error {
  constructor() {
    super('The upload key claim was taken over');
  }
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** This claim's row while it is still pending (its token, not yet completed): only its holder may finish or drop it. */
const stillPendingClaim = (claim: UploadClaim) =>
  and(
    eq(photoUploadKeys.userId, claim.userId),
    eq(photoUploadKeys.key, claim.key),
    eq(photoUploadKeys.claimToken, claim.claimToken),
    isNull(photoUploadKeys.completedAt),
  );

/** Marks the claim done with its photo, inside the transaction that inserted the photo. */
export async function completeClaim(tx: Tx, claim: UploadClaim, photoId: number): Promise<void> {
  const done = await tx
    .update(photoUploadKeys)
    .set({ photoId, completedAt: sql`now()` })
    .where(stillPendingClaim(claim))
    .returning({ key: photoUploadKeys.key });
  if (done.length === 0) throw new ClaimLostError();
}

/** The outcome of claiming a key: this request stores the photo, or an earlier one already did. */
export type KeyClaim = { claimed: UploadClaim; repeatOf?: undefined } | { claimed?: undefined; repeatOf: PhotoRow };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Claims (user, key) for this upload. Returns the claim when this request is the one to store the
 * photo (it then completes the claim with completeClaim in the transaction that inserts the photo,
 * or gives it up with releaseClaim); returns the photo an earlier request stored with the same key
 * and the same upload; waits while an earlier request is still storing it; 409 for the key
 * used with another upload or a photo since deleted; 429 when the wait runs out.
 */
export async function claimUploadKey(
  db: Database,
  request: { userId: number; key: string; fingerprint: string },
  options: { waitMs?: number } = {},
): Promise<KeyClaim> {
  const deadline = Date.now() + (options.waitMs ?? CLAIM_WAIT_MS);
  let pause = 20;
  for (;;) {
    const claimToken = randomUUID();
    const claimed = await db
      .insert(photoUploadKeys)
      .values({ userId: request.userId, key: request.key, fingerprint: request.fingerprint, claimToken })
      .onConflictDoNothing()
      .returning({ key: photoUploadKeys.key });
    if (claimed.length > 0) return { claimed: { userId: request.userId, key: request.key, claimToken } };

    const [existing] = await db
      .select({
        fingerprint: photoUploadKeys.fingerprint,
        claimToken: photoUploadKeys.claimToken,
        completedAt: photoUploadKeys.completedAt,
        photo: photos,
        stale: sql<boolean>`${photoUploadKeys.createdAt} < now() - make_interval(secs => ${STALE_CLAIM_MS / 1000})`,
      })
      .from(photoUploadKeys)
      .leftJoin(photos, eq(photos.id, photoUploadKeys.photoId))
      .where(and(eq(photoUploadKeys.userId, request.userId), eq(photoUploadKeys.key, request.key)))
      .limit(1);
    if (!existing) continue; // released between our insert and this read: claim it again
    if (existing.fingerprint !== request.fingerprint) throw conflict('upload_key_reused');
    if (existing.completedAt) {
      // The photo's row went (deleted by its owner): what they deleted is not brought back.
      if (!existing.photo) throw conflict('upload_key_photo_deleted');
      return { repeatOf: existing.photo };
    }
    if (existing.stale) {
      // The request holding the claim died; the next pass claims it afresh.
      await releaseClaim(db, { userId: request.userId, key: request.key, claimToken: existing.claimToken });
      continue;
    }
    if (Date.now() + pause > deadline) throw tooManyRequests('upload_key_in_progress', 5);
    await sleep(pause);
    pause = Math.min(pause * 2, 250);
  }
}

/** Gives a pending claim up (its request failed), so a retry may store the photo. */
export async function releaseClaim(db: Database, claim: UploadClaim): Promise<void> {
  await db.delete(photoUploadKeys).where(stillPendingClaim(claim));
}

/** Deletes keys older than UPLOAD_KEY_KEEP_MS; a retry after that would store the photo again. */
export async function deleteOldUploadKeys(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(photoUploadKeys)
    .where(lt(photoUploadKeys.createdAt, new Date(now.getTime() - UPLOAD_KEY_KEEP_MS)))
    .returning({ key: photoUploadKeys.key });
  return deleted.length;
}

/** The sweep, hourly while the server is up (app.ts schedules it). */
export function uploadKeySweepTask({ db, clock }: { db: Database; clock: () => Date }): PeriodicTask {
  return {
    name: 'upload key sweep',
    intervalMs: UPLOAD_KEY_SWEEP_INTERVAL_MS,
    runAtStart: false,
    run: async () => void (await deleteOldUploadKeys(db, clock())),
  };
}
