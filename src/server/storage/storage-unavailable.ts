// The photo store cannot take bytes right now: its disk is full, or the bucket cannot be
// reached. Not a bug of the request: the answer is a 503 with Retry-After (the app keeps the
// photo and sends it again), never a 500, and nothing half-written is left to be served.

export type StorageProblem = 'full' | 'unreachable';

export class StorageUnavailableError extends Error {
  constructor(
    readonly problem: StorageProblem,
    options?: { cause?: unknown },
  ) {
    super(problem === 'full' ? 'The photo store is full' : 'The photo store cannot be reached', options);
    this.name = 'StorageUnavailableError';
  }
}

/** Long enough for an operator alert to be seen; the app's queue backs off on its own too. */
export const STORAGE_RETRY_AFTER_SECONDS = 30;

const FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);
const UNREACHABLE_CODES = new Set(['EROFS', 'EIO', 'ENOTCONN', 'ESTALE', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

/** A write error that says the store is full or away, as a StorageUnavailableError; anything else as it was. */
export function classifyStoreError(error: unknown): unknown {
  if (error instanceof StorageUnavailableError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code && FULL_CODES.has(code)) return new StorageUnavailableError('full', { cause: error });
  if (code && UNREACHABLE_CODES.has(code)) return new StorageUnavailableError('unreachable', { cause: error });
  // The S3 client: a 5xx from the bucket, a timeout, or no connection at all.
  const s3 = error as { $metadata?: { httpStatusCode?: number }; name?: string } | undefined;
  const status = s3?.$metadata?.httpStatusCode;
  if ((status !== undefined && status >= 500) || s3?.name === 'TimeoutError') return new StorageUnavailableError('unreachable', { cause: error });
  return error;
}
