// The business's job templates (GET, POST, PATCH, DELETE /api/templates). New Report's picker reads
// the same list under the same key, so a change shows there at once.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { CreateTemplateBody, Template, UpdateTemplateBody } from '@shared/contract/templates';
import { api } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';
import { TEMPLATES_QUERY_KEY } from '../../../lib/query-keys';

export function useTemplates() {
  return useQuery({ queryKey: TEMPLATES_QUERY_KEY, queryFn: ({ signal }) => api.listTemplates(undefined, { signal }) });
}

const refreshTemplates = () => queryClient.invalidateQueries({ queryKey: TEMPLATES_QUERY_KEY });

export function useCreateTemplate() {
  return useMutation({ mutationFn: (body: CreateTemplateBody) => api.createTemplate({ body }), onSuccess: refreshTemplates });
}

export function useUpdateTemplate() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateTemplateBody }) => api.updateTemplate({ params: { id }, body }),
    onSuccess: refreshTemplates,
  });
}

export function useDeleteTemplate() {
  return useMutation({ mutationFn: (template: Template) => api.deleteTemplate({ params: { id: template.id } }), onSuccess: refreshTemplates });
}
