// Idempotent photo uploads (issue 13, docs/decisions/017-capture-proof-and-idempotent-uploads.md).
// A phone retries an upload whose answer it never got; the Idempotency-Key makes the retry answer
// with the photo the first try stored, never a second one.
//
// One row per (user, key), claimed before the photo is processed: the primary key decides which
// of several concurrent requests stores the photo. The others wait (polling the row) until it is
// completed, in the same transaction that inserts the photo, then answer with that photo. A request
// that fails releases its claim, so a failed upload leaves nothing behind and can be retried.
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { PhotoType } from '../../shared/contract/projects.js';
import type { Database } from '../db/client.js';
import { photos, photoUploadKeys, type PhotoRow } from '../db/schema.js';
import { conflict, tooManyRequests } from '../lib/http-errors.js';
import type { PeriodicTask } from '../lib/periodic-task.js';

/** Keys are kept at least this long (issue 13: at least 7 days); the sweep deletes older ones. */
export const UPLOAD_KEY_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
export const UPLOAD_KEY_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** A claim still pending after this long belongs to a request that died (a crash); it is taken over. */
export const STALE_CLAIM_MS = 2 * 60 * 1000;
/** How long a repeat waits for the first request to finish before asking the client to retry. */
export const CLAIM_WAIT_MS = 30 * 1000;

export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different photo. Send each photo with its own key.';
export const KEY_PHOTO_DELETED_MESSAGE = 'The photo sent with this Idempotency-Key was stored and has since been deleted; it is not stored again.';
export const KEY_IN_PROGRESS_MESSAGE = 'This photo is still being stored by an earlier request. Please try again in a moment.';

/** What makes two requests "the same upload": the bytes, the type, the report and the capture time as sent. */
export function uploadFingerprint(input: { bytes: Buffer; type: PhotoType; projectId: number; capturedAt: Date | null }): string {
  const bytesHash = createHash('sha256').update(input.bytes).digest('hex');
  return createHash('sha256')
    .update([bytesHash, input.type, String(input.projectId), input.capturedAt?.toISOString() ?? ''].join('\n'))
    .digest('hex');
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

/** Marks the claim done with its photo, inside the transaction that inserted the photo. */
export async function completeClaim(tx: Tx, claim: UploadClaim, photoId: number): Promise<void> {
  const done = await tx
    .update(photoUploadKeys)
    .set({ photoId, completedAt: sql`now()` })
    .where(and(eq(photoUploadKeys.userId, claim.userId), eq(photoUploadKeys.key, claim.key), eq(photoUploadKeys.claimToken, claim.claimToken), isNull(photoUploadKeys.completedAt)))
    .returning({ key: photoUploadKeys.key });
  if (done.length === 0) throw new ClaimLostError();
}

export interface StoreOnceResult {
  photo: PhotoRow;
  /** True when this request repeated an earlier one and stored nothing. */
  repeated: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stores the photo once per (user, key): `store` runs only for the request that holds the claim,
 * and must call completeClaim in the transaction that inserts the photo.
 */
export async function storeOnce(
  db: Database,
  request: { userId: number; key: string; fingerprint: string },
  store: (claim: UploadClaim) => Promise<PhotoRow>,
  options: { waitMs?: number } = {},
): Promise<StoreOnceResult> {
  const waitMs = options.waitMs ?? CLAIM_WAIT_MS;
  let deadline = Date.now() + waitMs;
  let pause = 20;
  for (;;) {
    const claimToken = randomUUID();
    const claimed = await db
      .insert(photoUploadKeys)
      .values({ userId: request.userId, key: request.key, fingerprint: request.fingerprint, claimToken })
      .onConflictDoNothing()
      .returning({ key: photoUploadKeys.key });
    if (claimed.length > 0) {
      const claim = { userId: request.userId, key: request.key, claimToken };
      try {
        return { photo: await store(claim), repeated: false };
      } catch (error) {
        if (error instanceof ClaimLostError) {
          // Taken over as stale: wait for the request that holds it now as long as for any other.
          deadline = Date.now() + waitMs;
          continue;
        }
        await releaseClaim(db, claim);
        throw error;
      }
    }

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
    if (existing.fingerprint !== request.fingerprint) throw conflict(KEY_REUSED_MESSAGE);
    if (existing.completedAt) {
      // The photo's row went (deleted by its owner): what they deleted is not brought back.
      if (!existing.photo) throw conflict(KEY_PHOTO_DELETED_MESSAGE);
      return { photo: existing.photo, repeated: true };
    }
    if (existing.stale) {
      // The request holding the claim died; the next pass claims it afresh.
      await releaseClaim(db, { userId: request.userId, key: request.key, claimToken: existing.claimToken });
      continue;
    }
    if (Date.now() + pause > deadline) throw tooManyRequests(KEY_IN_PROGRESS_MESSAGE, 5);
    await sleep(pause);
    pause = Math.min(pause * 2, 250);
  }
}

/** Gives a pending claim up (its request failed), so a retry may store the photo. */
async function releaseClaim(db: Database, claim: UploadClaim): Promise<void> {
  await db
    .delete(photoUploadKeys)
    .where(and(eq(photoUploadKeys.userId, claim.userId), eq(photoUploadKeys.key, claim.key), eq(photoUploadKeys.claimToken, claim.claimToken), isNull(photoUploadKeys.completedAt)));
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
  return { name: 'upload key sweep', intervalMs: UPLOAD_KEY_SWEEP_INTERVAL_MS, runAtStart: false, run: async () => void (await deleteOldUploadKeys(db, clock())) };
}
