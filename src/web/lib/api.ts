// The one typed client: every call to the API goes through `api.<route name>(input)`,
// generated from the route table (api/create-api-client.ts). It owns what a 401 and a 402 do, so
// no screen decides it again:
//  - 401 on a signed-in user's route: 'Unauthorized', then a new sign-in (unauthorized.ts). The
//    admin screens' routes and the current-user lookup opt out (spec §7: that one yields no user).
//  - 402: the subscription status is fetched again (the banner and upgrade offers appear at once)
//    and one toast says why, worded by accessBlockedReason (src/shared/access-blocked.ts).
// Either way the error is still thrown, marked handled (isHandledByClient), for the caller's state.
import type { SubscriptionStatus } from '@shared/contract/billing';
import { t } from './i18n/i18n';
import { accessBlockedHeadline } from './i18n/error-text';
import { createApiClient, type FailureRule } from './api/create-api-client';
import { queryClient } from './query-client';
import { SUBSCRIPTION_STATUS_QUERY_KEY, USER_QUERY_KEY } from './query-keys';
import { toast } from './toast';
import { handleUnauthorized } from './unauthorized';

export { setApiOrigin, type ApiClient, type CallInput, type CallOptions } from './api/create-api-client';

const handleFailure: FailureRule = async (access, error, options) => {
  // Signed out on purpose (the cache says nobody is): a late 401 needs no new sign-in.
  const signedOut = queryClient.getQueryData(USER_QUERY_KEY) === null;
  if (error.status === 401 && access !== 'public' && access !== 'admin' && options.on401 !== 'throw' && !signedOut) {
    error.handled = true;
    handleUnauthorized();
  } else if (error.status === 402) {
    error.handled = true;
    await notifyAccessBlocked(options.accessBlockedNote);
  }
};

/** Re-reads the status (every screen showing access follows), then says why access ended. */
export async function notifyAccessBlocked(note?: string): Promise<void> {
  const status = await queryClient
    .fetchQuery<SubscriptionStatus>({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY, queryFn: () => api.getSubscriptionStatus(), staleTime: 0 })
    .catch(() => undefined);
  toast({
    title: t('upgrade.toPro'),
    description: `${accessBlockedHeadline(status?.accessBlockedReason)}. ${note ?? t('access.nextStep')}`,
    variant: 'destructive',
  });
}

export const api = createApiClient(handleFailure);
