// How a failed project call is shown (spec §8): a 401 says 'Unauthorized' and signs in again,
// a 402 shows the server's own words about the subscription, anything else the spec's failure
// text with the server's reason when it gave one.
import { AUTH_FAILURE_REDIRECT_MS } from '@shared/rules';
import { ApiError, clearAuthToken, isPaymentRequired, isUnauthorized } from '../../lib/api-client';
import { toast } from '../../lib/toast';

/** Where a 401 sends the user: the editor goes to /api/login, other screens to /auth (spec §2, §8). */
export type UnauthorizedTarget = '/api/login' | '/auth';

let redirectScheduled = false;

export function handleUnauthorized(target: UnauthorizedTarget): void {
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  if (redirectScheduled) return;
  redirectScheduled = true;
  clearAuthToken(); // spec §4: a 401 means no user and the stored token is cleared
  setTimeout(() => window.location.assign(target), AUTH_FAILURE_REDIRECT_MS);
}

export function notifyProjectError(error: unknown, failureTitle: string, unauthorizedTarget: UnauthorizedTarget): void {
  if (isUnauthorized(error)) return handleUnauthorized(unauthorizedTarget);
  if (isPaymentRequired(error)) {
    const message = error instanceof ApiError ? error.serverMessage : undefined;
    toast({ title: 'Upgrade to Pro', description: message ?? 'Your free trial has ended. Upgrade to Pro to continue.', variant: 'destructive' });
    return;
  }
  // A 4xx carries a reason a person can act on; a 5xx or a network error does not.
  const reason = error instanceof ApiError && error.status < 500 ? error.serverMessage : undefined;
  toast({ title: failureTitle, description: reason ?? 'Please check your connection and try again.', variant: 'destructive' });
}
