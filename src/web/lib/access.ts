// Whether the signed-in user may create reports, add photos and export now (spec §3 hasAccess),
// read from the one subscription-status query, so screens offer the upgrade instead of failing.
import { useQuery } from '@tanstack/react-query';
import type { SubscriptionStatus } from '@shared/contract/billing';
import { SUBSCRIPTION_STATUS_QUERY_KEY } from './auth';
import { queryClient } from './query-client';

/** The status's hasAccess, or undefined until it is known. `fetch: false` only watches the cache. */
export function useAccess({ fetch = true }: { fetch?: boolean } = {}): boolean | undefined {
  const { data } = useQuery<SubscriptionStatus>({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY, enabled: fetch });
  return data?.hasAccess;
}

/** False only once the status says so: while it loads, actions stay offered and the server decides. */
export function useHasAccess(): boolean {
  return useAccess() !== false;
}

/** The server refused with 402: what this page knows of the status is out of date. */
export function refreshAccess(): void {
  void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY });
}
