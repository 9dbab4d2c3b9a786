// One open report and the calls that change it (spec §7). The app reads photos by URL
// (?images=url, DESIGN.md): thumbnails first, full photos only when asked for.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { CreatePhotoPairBody } from '@shared/contract/projects';
import { api } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';
import { PROJECTS_QUERY_KEY, projectQueryKey } from '../../../lib/query-keys';

export function useProject(projectId: number) {
  return useQuery({
    queryKey: projectQueryKey(projectId),
    queryFn: ({ signal }) => api.getProject({ params: { id: projectId }, query: { images: 'url' } }, { signal }),
    // Back to the front or back online: show what changed meanwhile (e.g. from another device).
    refetchOnWindowFocus: 'always',
    refetchOnReconnect: 'always',
  });
}

/** Refreshes the open report and the list (its counts and names). */
export function refreshProject(projectId: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY, predicate: (query) => query.queryKey.length === 1 || query.queryKey[1] === projectId });
}

export function useCreatePhotoPair(projectId: number) {
  return useMutation({
    mutationFn: (body: CreatePhotoPairBody) => api.createPhotoPair({ params: { id: projectId }, body }),
    onSuccess: () => refreshProject(projectId),
  });
}

export function useAutoPairAll(projectId: number) {
  return useMutation({
    mutationFn: () => api.autoPairAll({ params: { id: projectId } }),
    onSuccess: () => refreshProject(projectId),
  });
}

export function useDeletePhotoPair(projectId: number) {
  return useMutation({
    mutationFn: (pairId: number) => api.deletePhotoPair({ params: { id: pairId } }),
    onSuccess: () => refreshProject(projectId),
  });
}
