// Whether the signed-in user may create reports, add photos and export now (spec §3 hasAccess),
// read from the one subscription-status query, so screens offer the upgrade instead of failing.
import { useQuery } from '@tanstack/react-query';
import type { SubscriptionStatus } from '@shared/contract/billing';
import { SUBSCRIPTION_STATUS_QUERY_KEY } from './auth';
import { queryClient } from './query-client';

/** False only once the status says so: while it loads, actions stay offered and the server decides. */
export function useHasAccess(): boolean {
  const { data } = useQuery<SubscriptionStatus>({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY });
  return data?.hasAccess !== false;
}

/** The server refused with 402: what this page knows of the status is out of date. */
export function refreshAccess(): void {
  void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY });
}
