// The reports list and the calls that change it (spec §7: GET/POST /api/projects, DELETE /api/projects/{id}).
import { useMutation, useQuery } from '@tanstack/react-query';
import type { CreateProjectBody, Project, ProjectSummary } from '@shared/contract/projects';
import { apiSend } from '../../../lib/api-client';
import { PROJECTS_QUERY_KEY } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';

export function useProjects() {
  return useQuery<ProjectSummary[]>({ queryKey: PROJECTS_QUERY_KEY });
}

export function useCreateProject() {
  return useMutation({
    // spec §7: both fields empty at creation
    mutationFn: () => apiSend<Project>('POST', '/api/projects', { clientName: '', description: '' } satisfies CreateProjectBody),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY }),
  });
}

export function useDeleteProject() {
  return useMutation({
    mutationFn: (projectId: number) => apiSend<unknown>('DELETE', `/api/projects/${projectId}`),
    onSuccess: (_result, projectId) => {
      queryClient.removeQueries({ queryKey: [...PROJECTS_QUERY_KEY, projectId] });
      void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY, exact: true });
    },
  });
}
