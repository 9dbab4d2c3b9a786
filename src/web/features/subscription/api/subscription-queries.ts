// Subscription calls (spec §7): billing config, upgrade, cancel, sandbox Pay. The status itself is
// lib/access.ts (every screen that offers a paid action reads it).
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { apiQueryKey } from '../../../lib/api/api-paths';
import { queryClient } from '../../../lib/query-client';
import { SUBSCRIPTION_STATUS_QUERY_KEY, USER_QUERY_KEY } from '../../../lib/query-keys';

export function useBillingConfig() {
  return useQuery({ queryKey: apiQueryKey('getBillingConfig'), queryFn: ({ signal }) => api.getBillingConfig(undefined, { signal }) });
}

/** The user and their status changed (paid, cancelled): everything showing them refreshes. */
export async function refreshSubscriptionCaches(): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY }), queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY })]);
}

/** /subscribe's upgrade, or the /test-subscription debug page's create (spec §2). */
export function useUpgradeSubscription(route: 'upgradeSubscription' | 'createSubscription' = 'upgradeSubscription') {
  return useMutation({ mutationFn: () => api[route]() });
}

export function useCancelSubscription() {
  return useMutation({
    mutationFn: () => api.cancelSubscription(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY }),
  });
}

/** Takes back a cancel before the paid period ends (resumeSubscription); answers the new status. */
export function useResumeSubscription() {
  return useMutation({
    mutationFn: () => api.resumeSubscription(),
    onSuccess: (status) => queryClient.setQueryData(SUBSCRIPTION_STATUS_QUERY_KEY, status),
  });
}

/** The sandbox's Pay button (confirmSandboxPayment). */
export function confirmSandboxPayment(clientSecret: string) {
  return api.confirmSandboxPayment({ body: { clientSecret } });
}
