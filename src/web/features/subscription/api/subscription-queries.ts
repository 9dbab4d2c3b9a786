// Subscription calls (spec §7): status, billing config, upgrade, cancel, sandbox Pay.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { BillingConfig, SubscriptionStatus, UpgradeResponse } from '@shared/contract/billing';
import { apiSend } from '../../../lib/api-client';
import { SUBSCRIPTION_STATUS_QUERY_KEY, USER_QUERY_KEY } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';

export const BILLING_CONFIG_QUERY_KEY = ['/api/billing', 'config'] as const;

/** GET /api/subscription-status. `alwaysFresh` refetches on every mount (the dialog, each time it opens). */
export function useSubscriptionStatus(options: { alwaysFresh?: boolean } = {}) {
  return useQuery<SubscriptionStatus>({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY, refetchOnMount: options.alwaysFresh ? 'always' : true });
}

export function useBillingConfig() {
  return useQuery<BillingConfig>({ queryKey: BILLING_CONFIG_QUERY_KEY });
}

/** The user and their status changed (paid, cancelled): everything showing them refreshes. */
export async function refreshSubscriptionCaches(): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY }), queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY })]);
}

export function useUpgradeSubscription(path: '/api/upgrade-subscription' | '/api/create-subscription' = '/api/upgrade-subscription') {
  return useMutation({ mutationFn: () => apiSend<UpgradeResponse>('POST', path) });
}

export function useCancelSubscription() {
  return useMutation({
    mutationFn: () => apiSend<{ message: string; accessEndsAt: string | null }>('POST', '/api/cancel-subscription'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY }),
  });
}

/** The sandbox's Pay button: POST /api/billing/sandbox/confirm. */
export function confirmSandboxPayment(clientSecret: string): Promise<SubscriptionStatus> {
  return apiSend<SubscriptionStatus>('POST', '/api/billing/sandbox/confirm', { clientSecret });
}
