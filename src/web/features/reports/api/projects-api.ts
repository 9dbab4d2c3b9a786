// The calls that change the reports list (spec §7: createProject, deleteProject); the list itself is paged (project-pages.ts).
import { useMutation } from '@tanstack/react-query';
import type { ProjectSummary } from '@shared/contract/projects';
import { api } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';
import { PROJECTS_QUERY_KEY, projectQueryKey } from '../../../lib/query-keys';
import { invalidateProjectPages } from './project-pages';

/** The template a new report is made from, with the rooms its repeated areas are made for. */
export interface NewReportTemplate {
  templateId: string;
  bedrooms?: number;
  bathrooms?: number;
}

export function useCreateProject() {
  return useMutation({
    // spec §7: both fields empty at creation. The key makes a retry of a create whose answer was
    // lost (by the outbox, once the signal is back) answer with the same report.
    // With a client, the server names the report after them.
    mutationFn: ({ idempotencyKey, clientId, template }: { idempotencyKey: string; clientId?: number; template?: NewReportTemplate }) =>
      api.createProject(
        { body: { ...(clientId === undefined ? { clientName: '' } : { clientId }), description: '', ...template } },
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    onSuccess: (project) => {
      // The list has the new report at once (newest first): the list kept for offline use
      // (persisted-queries.ts) shows it even if the list is not fetched again before the signal goes.
      const summary: ProjectSummary = {
        id: project.id,
        clientName: project.clientName,
        clientId: project.clientId,
        description: project.description,
        createdAt: project.createdAt,
        createdBy: project.createdBy,
        assigneeId: project.assigneeId,
        photoCount: 0,
        pairCount: 0,
        templateId: project.templateId,
        status: project.status,
        finishedAt: project.finishedAt,
      };
      // Kept even when no whole list was fetched (the list is paged now): the pages show it before their next fetch.
      queryClient.setQueryData<ProjectSummary[]>(PROJECTS_QUERY_KEY, (list) => [summary, ...(list ?? []).filter((item) => item.id !== project.id)]);
      void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY, exact: true });
      void invalidateProjectPages();
    },
  });
}

export function useDeleteProject() {
  return useMutation({
    mutationFn: async (projectId: number) => {
      // Made offline and not on the server yet: forgetting it on the device is the whole delete.
      if (projectId < 0) return (await import('../../../lib/outbox/local-reports')).discardLocalReport(projectId);
      await api.deleteProject({ params: { id: projectId } });
    },
    onSuccess: (_result, projectId) => {
      queryClient.removeQueries({ queryKey: projectQueryKey(projectId) });
      // The whole list is no longer fetched (the pages are): it must not offer the deleted report again.
      queryClient.setQueryData<ProjectSummary[]>(PROJECTS_QUERY_KEY, (list) => list?.filter((item) => item.id !== projectId));
      void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY, exact: true });
      void invalidateProjectPages();
    },
  });
}
