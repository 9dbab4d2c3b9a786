// The reports list and the calls that change it (spec §7: listProjects, createProject, deleteProject).
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ProjectSummary } from '@shared/contract/projects';
import { api } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';
import { PROJECTS_QUERY_KEY, projectQueryKey } from '../../../lib/query-keys';

/** The list, fetched again whenever the app comes back to the front or back online (a phone's habits). */
export function useProjects() {
  return useQuery({
    queryKey: PROJECTS_QUERY_KEY,
    queryFn: ({ signal }) => api.listProjects(undefined, { signal }),
    refetchOnWindowFocus: 'always',
    refetchOnReconnect: 'always',
  });
}

export function useCreateProject() {
  return useMutation({
    // spec §7: both fields empty at creation
    mutationFn: () => api.createProject({ body: { clientName: '', description: '' } }),
    onSuccess: (project) => {
      // The list has the new report at once (newest first): the list kept for offline use
      // (persisted-queries.ts) shows it even if the list is not fetched again before the signal goes.
      const summary: ProjectSummary = { id: project.id, clientName: project.clientName, description: project.description, createdAt: project.createdAt, photoCount: 0, pairCount: 0 };
      queryClient.setQueryData<ProjectSummary[]>(PROJECTS_QUERY_KEY, (list) => (list ? [summary, ...list.filter((item) => item.id !== project.id)] : list));
      void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY, exact: true });
    },
  });
}

export function useDeleteProject() {
  return useMutation({
    mutationFn: (projectId: number) => api.deleteProject({ params: { id: projectId } }),
    onSuccess: (_result, projectId) => {
      queryClient.removeQueries({ queryKey: projectQueryKey(projectId) });
      void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY, exact: true });
    },
  });
}
