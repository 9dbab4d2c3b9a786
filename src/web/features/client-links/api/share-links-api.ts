// A report's client links: list, make, revoke. Only the open report's share panel uses them.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ShareLink } from '@shared/contract/share-links';
import { api } from '../../../lib/api';
import { apiQueryKey } from '../../../lib/api/api-paths';
import { queryClient } from '../../../lib/query-client';

const shareLinksKey = (projectId: number) => apiQueryKey('listShareLinks', { id: projectId });

/** Fetched when the panel opens, and again each time ("last opened" changes while it is away). */
export function useShareLinks(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: shareLinksKey(projectId),
    queryFn: ({ signal }) => api.listShareLinks({ params: { id: projectId } }, { signal }),
    enabled,
    refetchOnMount: 'always',
  });
}

function refreshLinks(projectId: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: shareLinksKey(projectId) });
}

export function useCreateShareLink(projectId: number) {
  return useMutation({
    mutationFn: (expiresInDays: number) => api.createShareLink({ params: { id: projectId }, body: { expiresInDays } }),
    onSuccess: (link) => {
      // The new link shows at once, before the list is read again.
      queryClient.setQueryData<ShareLink[]>(shareLinksKey(projectId), (links) => [link, ...(links ?? [])]);
      return refreshLinks(projectId);
    },
  });
}

export function useRevokeShareLink(projectId: number) {
  return useMutation({
    mutationFn: (linkId: number) => api.revokeShareLink({ params: { id: linkId } }),
    onSuccess: () => refreshLinks(projectId),
  });
}
