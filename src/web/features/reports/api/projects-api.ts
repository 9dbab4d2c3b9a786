// The reports list and the calls that change it (spec §7: listProjects, createProject, deleteProject).
import { useMutation, useQuery } from '@tanstack/react-query';
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
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY }),
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
