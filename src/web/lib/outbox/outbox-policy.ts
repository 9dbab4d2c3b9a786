// Never lose work on a weak signal: an entry of the outbox (a photo, an edit, a delete, a pair, a
// new report) that failed is kept and retried unless the server has said, with a 4xx, that it will
// never be accepted. One rule for every kind of entry.
import { ApiError } from '../api-client';

/** What a kept entry waits for before it is sent again. */
export type WaitReason = 'connection' | 'server' | 'sign-in' | 'upgrade' | 'reopen';

export type FailureAction = WaitReason | 'drop';

const RETRYABLE_4XX = new Set([408, 425, 429]);

export function classifyFailure(error: unknown): FailureAction {
  if (!(error instanceof ApiError)) return 'connection'; // fetch threw: offline, DNS, connection reset
  if (error.status === 401) return 'sign-in'; // keep it: it is sent once the user signs in again
  // The trial ended between making the entry and sending it: it is still the user's work.
  if (error.status === 402) return 'upgrade';
  // The server failed (spec gap 1): said as such, and retried like a lost signal.
  if (error.status >= 500) return 'server';
  if (RETRYABLE_4XX.has(error.status)) return 'connection';
  // The job was finished meanwhile (another phone, a manager): the work waits for it to be reopened.
  if (error.status === 409 && error.serverCode === 'report_finished') return 'reopen';
  if (error.status >= 400) return 'drop';
  return 'connection';
}

/** The id of the account this device's session belongs to now (null: nobody); throws without a connection. */
export type SignedInUserId = () => Promise<number | null>;

/**
 * A refusal drops a photo or an edit only when it was its owner's session that was refused. A tab
 * still showing one account while another signed in elsewhere on the device sends with the
 * other's session, and its "not found" means "not yours", not "gone": the work then waits for
 * its owner to sign in again. Without a connection to ask, it waits for one.
 */
export async function confirmDrop(ownerId: number, signedInUserId: SignedInUserId | undefined): Promise<FailureAction> {
  if (!signedInUserId) return 'drop';
  try {
    return (await signedInUserId()) === ownerId ? 'drop' : 'sign-in';
  } catch {
    return 'connection';
  }
}

export const FIRST_RETRY_MS = 2_000;
export const MAX_RETRY_MS = 60_000;

/** Exponential backoff after the n-th failed attempt (1-based): 2 s, 4 s, 8 s, … capped at 60 s. */
export function retryDelayMs(failedAttempts: number): number {
  const exponent = Math.max(0, failedAttempts - 1);
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(exponent, 16));
}
