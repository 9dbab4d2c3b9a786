// Sending a report by email, its activity and its client links: only the Send sheet uses them.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { SendProjectBody } from '@shared/contract/client-answers';
import { api } from '../../../lib/api';
import { apiQueryKey } from '../../../lib/api/api-paths';
import { queryClient } from '../../../lib/query-client';

const activityKey = (projectId: number) => apiQueryKey('getProjectActivity', { id: projectId });

export function useActivity(projectId: number) {
  return useQuery({
    queryKey: activityKey(projectId),
    queryFn: ({ signal }) => api.getProjectActivity({ params: { id: projectId } }, { signal }),
    refetchOnMount: 'always',
  });
}

/** The report's client links, read when the sheet opens: Text message, WhatsApp and Copy link use the newest live one. */
export function useLinks(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: apiQueryKey('listShareLinks', { id: projectId }),
    queryFn: ({ signal }) => api.listShareLinks({ params: { id: projectId } }, { signal }),
    enabled,
    refetchOnMount: 'always',
  });
}

export function useSendReport(projectId: number) {
  return useMutation({
    mutationFn: (body: SendProjectBody) => api.sendProject({ params: { id: projectId }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: activityKey(projectId) }),
        queryClient.invalidateQueries({ queryKey: apiQueryKey('listShareLinks', { id: projectId }) }),
      ]),
  });
}
