// One open report and the calls that change it (spec §7). The app reads photos by URL
// (?images=url, DESIGN.md): thumbnails first, full photos only when asked for.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { AutoPairResponse, CreatePhotoPairBody, Project, UpdateProjectBody } from '@shared/contract/projects';
import { apiGet, apiSend } from '../../../lib/api-client';
import { PROJECTS_QUERY_KEY } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';

export const projectQueryKey = (projectId: number) => [...PROJECTS_QUERY_KEY, projectId] as const;

export function useProject(projectId: number) {
  return useQuery<Project>({
    queryKey: projectQueryKey(projectId),
    queryFn: ({ signal }) => apiGet<Project>(`/api/projects/${projectId}?images=url`, signal),
  });
}

/** Refreshes the open report and the list (its counts and names). */
export function refreshProject(projectId: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY, predicate: (query) => query.queryKey.length === 1 || query.queryKey[1] === projectId });
}

export function useUpdateProject(projectId: number) {
  return useMutation({
    mutationFn: (body: UpdateProjectBody) => apiSend<unknown>('PATCH', `/api/projects/${projectId}`, body),
    onSuccess: () => refreshProject(projectId),
  });
}

export function useCreatePhotoPair(projectId: number) {
  return useMutation({
    mutationFn: (body: CreatePhotoPairBody) => apiSend<unknown>('POST', `/api/projects/${projectId}/photo-pairs`, body),
    onSuccess: () => refreshProject(projectId),
  });
}

export function useAutoPairAll(projectId: number) {
  return useMutation({
    mutationFn: () => apiSend<AutoPairResponse>('POST', `/api/projects/${projectId}/auto-pair-all`),
    onSuccess: () => refreshProject(projectId),
  });
}

export function useDeletePhotoPair(projectId: number) {
  return useMutation({
    mutationFn: (pairId: number) => apiSend<unknown>('DELETE', `/api/photo-pairs/${pairId}`),
    onSuccess: () => refreshProject(projectId),
  });
}

export function useDeletePhoto(projectId: number) {
  return useMutation({
    mutationFn: (photoId: number) => apiSend<unknown>('DELETE', `/api/photos/${photoId}`),
    onSuccess: () => refreshProject(projectId),
  });
}
