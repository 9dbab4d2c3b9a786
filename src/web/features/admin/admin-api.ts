// The admin dashboard's calls (spec §7: verifyAdmin, getAdminAnalytics in the route table), plus
// the session check, lock and CSV download. One place for their query keys and error toasts.
// Admin routes opt out of the client's 401 rule (lib/api.ts): a 401 here locks the dashboard.
import { useMutation, useQuery } from '@tanstack/react-query';
import { adminUsersCsvFilename } from '@shared/admin-figures';
import type { AdminSession, AdminVerifyBody } from '@shared/contract/admin';
import { api } from '../../lib/api';
import { apiQueryKey } from '../../lib/api/api-paths';
import { ApiError, describeError, isUnauthorized } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { t } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import { filenameOf, saveFile } from '../../lib/save-file';

export const ADMIN_SESSION_QUERY_KEY = apiQueryKey('getAdminSession');
export const ADMIN_ANALYTICS_QUERY_KEY = apiQueryKey('getAdminAnalytics');

const LOCKED: AdminSession = { unlocked: false, expiresAt: null };

/** Whether this browser already holds the admin session (reloading keeps it while valid). */
export function useAdminSession() {
  return useQuery({ queryKey: ADMIN_SESSION_QUERY_KEY, queryFn: ({ signal }) => api.getAdminSession(undefined, { signal }) });
}

/** Back to the lock screen: the session ended or expired. */
export function showLocked(): void {
  queryClient.setQueryData(ADMIN_SESSION_QUERY_KEY, LOCKED);
  queryClient.removeQueries({ queryKey: ADMIN_ANALYTICS_QUERY_KEY });
}

/** The admin session ended under the dashboard (a 401): say so, and lock. */
export function endedSession(): void {
  toast({ title: t('admin.sessionEnded'), description: t('admin.sessionEndedText'), variant: 'destructive' });
  showLocked();
}

export function useVerifyAdminPassword() {
  return useMutation({
    mutationFn: (body: AdminVerifyBody) => api.verifyAdmin({ body }),
    onSuccess: (session) => {
      queryClient.setQueryData(ADMIN_SESSION_QUERY_KEY, session);
      toast({ title: t('admin.granted'), description: t('admin.grantedText') });
    },
    onError: (error) => {
      // spec §8: 'Access Denied - Invalid admin password.'; too many failures says how long to wait.
      if (isUnauthorized(error)) toast({ title: t('admin.denied'), description: t('admin.deniedText'), variant: 'destructive' });
      else if (error instanceof ApiError && error.status === 429)
        toast({ title: t('admin.denied'), description: describeError(error, t('admin.tooManyAttempts')), variant: 'destructive' });
      else toast({ title: t('common.error'), description: describeError(error, t('admin.checkFailed')), variant: 'destructive' });
    },
  });
}

export function useLockAdmin() {
  return useMutation({
    mutationFn: () => api.lockAdmin(),
    // Locked on screen even if the call fails; the server session then simply expires.
    onSettled: showLocked,
  });
}

export function useAdminAnalytics(enabled: boolean) {
  return useQuery({ queryKey: ADMIN_ANALYTICS_QUERY_KEY, queryFn: ({ signal }) => api.getAdminAnalytics(undefined, { signal }), enabled });
}

/** Fetches the CSV export and saves it through a temporary link (so a failure can be shown). */
export async function downloadUsersCsv(): Promise<string> {
  const response = await api.getUsersCsv();
  const filename = filenameOf(response, adminUsersCsvFilename(new Date()));
  saveFile(await response.blob(), filename);
  return filename;
}
