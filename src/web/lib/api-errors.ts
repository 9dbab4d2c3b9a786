// How a failed call is shown (spec §8): the spec's failure title with a reason a person can use.
// A 401 or 402 has already been shown by the client (api.ts), so nothing more is said here.
import type { MissingArea } from '@shared/contract/projects';
import { ApiError, isHandledByClient } from './api-client';
import { toast } from './toast';
import { t } from './i18n/i18n';

/** Why it failed, in words: the server's own reason for a 4xx, else whose side failed. */
export function failureReason(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) return error.userMessage ?? t('common.tryAgain');
  // spec gap 1: a 5xx is the server's failure, not the connection's.
  if (error instanceof ApiError) return t('error.server');
  return t('error.connection');
}

export function notifyFailure(error: unknown, failureTitle: string): void {
  if (isHandledByClient(error)) return;
  toast({ title: failureTitle, description: failureReason(error), variant: 'destructive' });
}

/**
 * Finish job refused by the server's gate (409 areas_incomplete): the areas it still waits for,
 * from the answer's `missing` list; null when the error is not the gate's. Here rather than in a
 * module of its own: the Areas card and the outbox runner load this one already.
 */
export function missingAreasOf(error: unknown): MissingArea[] | null {
  if (!(error instanceof ApiError) || error.serverCode !== 'areas_incomplete') return null;
  try {
    const { missing } = JSON.parse(error.bodyText) as { missing?: unknown };
    return Array.isArray(missing) ? (missing as MissingArea[]) : [];
  } catch {
    return [];
  }
}
