// How a failed call is shown (spec §8): the spec's failure title with a reason a person can use.
// A 401 or 402 has already been shown by the client (api.ts), so nothing more is said here.
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
