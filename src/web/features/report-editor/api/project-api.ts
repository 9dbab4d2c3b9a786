// One open report and the calls that change it (spec §7). The app reads photos by URL
// (?images=url): thumbnails first, full photos only when asked for.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { CreatePhotoPairBody } from '@shared/contract/projects';
import { api } from '../../../lib/api';
import { projectQueryKey } from '../../../lib/query-keys';
import { refreshProject } from '../../../lib/refresh-project';

export function useProject(projectId: number) {
  return useQuery({
    queryKey: projectQueryKey(projectId),
    queryFn: ({ signal }) => api.getProject({ params: { id: projectId }, query: { images: 'url' } }, { signal }),
    // A report made offline (a local, negative id) is not on the server yet: it is the kept copy.
    enabled: projectId > 0,
    // Back to the front or back online: show what changed meanwhile (e.g. from another device).
    refetchOnWindowFocus: 'always',
    refetchOnReconnect: 'always',
  });
}

export { refreshProject };

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
