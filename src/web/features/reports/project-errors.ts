// How a failed project call is shown (spec §8): a 401 says 'Unauthorized' and signs in again,
// a 402 shows the server's own words about the subscription, anything else the spec's failure
// text with the server's reason when it gave one.
import { ApiError, isPaymentRequired, isUnauthorized } from '../../lib/api-client';
import { refreshAccess } from '../../lib/access';
import { toast } from '../../lib/toast';
import { handleUnauthorized } from '../../lib/unauthorized';

export function notifyProjectError(error: unknown, failureTitle: string): void {
  if (isUnauthorized(error)) return handleUnauthorized();
  if (isPaymentRequired(error)) {
    refreshAccess(); // the banner and the upgrade offers appear at once
    const message = error instanceof ApiError ? error.serverMessage : undefined;
    toast({ title: 'Upgrade to Pro', description: message ?? 'Your free trial has ended. Upgrade to Pro to continue.', variant: 'destructive' });
    return;
  }
  // A 4xx carries a reason a person can act on; a 5xx or a network error does not.
  const reason = error instanceof ApiError && error.status < 500 ? error.serverMessage : undefined;
  toast({ title: failureTitle, description: reason ?? 'Please check your connection and try again.', variant: 'destructive' });
}
