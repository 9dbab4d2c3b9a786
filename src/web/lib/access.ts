// Whether the signed-in user may create reports, add photos and export now (spec §3 hasAccess),
// read from the one subscription-status query, so screens offer the upgrade instead of failing.
import { useQuery } from '@tanstack/react-query';
import type { SubscriptionStatus } from '@shared/contract/billing';
import { api } from './api';
import { queryClient } from './query-client';
import { SUBSCRIPTION_STATUS_QUERY_KEY } from './query-keys';

/** getSubscriptionStatus. `alwaysFresh` refetches on every mount (the dialog, each time it opens). */
export function useSubscriptionStatus(options: { alwaysFresh?: boolean; enabled?: boolean } = {}) {
  return useQuery<SubscriptionStatus>({
    queryKey: SUBSCRIPTION_STATUS_QUERY_KEY,
    queryFn: ({ signal }) => api.getSubscriptionStatus(undefined, { signal }),
    refetchOnMount: options.alwaysFresh ? 'always' : true,
    enabled: options.enabled ?? true,
  });
}

/** The status's hasAccess, or undefined until it is known. `fetch: false` only watches the cache. */
export function useAccess({ fetch = true }: { fetch?: boolean } = {}): boolean | undefined {
  return useSubscriptionStatus({ enabled: fetch }).data?.hasAccess;
}

/** False only once the status says so: while it loads, actions stay offered and the server decides. */
export function useHasAccess(): boolean {
  return useAccess() !== false;
}

/** The status as the server says it now (before a paid action is offered, e.g. export). */
export function fetchFreshStatus(): Promise<SubscriptionStatus> {
  return queryClient.fetchQuery<SubscriptionStatus>({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY, queryFn: () => api.getSubscriptionStatus(), staleTime: 0 });
}
