// Whom the job is for, on the open report: an owner or a manager picks an active member of the
// team (PATCH assigneeId); saved at once. Online only: the team is the server's.
import { useId } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Project } from '@shared/contract/projects';
import { Label } from '../../components/ui/input';
import { api } from '../../lib/api';
import { notifyFailure } from '../../lib/api-errors';
import { t } from '../../lib/i18n/i18n';
import { useIsOnline } from '../../lib/online';
import { TEAM_QUERY_KEY } from '../../lib/query-keys';
import { refreshProject } from '../../lib/refresh-project';
import { toast } from '../../lib/toast';

const NOBODY = '';

export function AssigneeField({ project }: { project: Project }) {
  const id = useId();
  const online = useIsOnline();
  const team = useQuery({ queryKey: TEAM_QUERY_KEY, queryFn: ({ signal }) => api.getTeam(undefined, { signal }) });
  const active = team.data?.members.filter((member) => member.active || member.id === project.assigneeId) ?? [];
  // The assignee is listed even before the team loads, so the field never shows a wrong "Nobody".
  const options = active.length > 0 || !project.assignee ? active : [{ ...project.assignee, active: true }];

  const assign = useMutation({
    mutationFn: (assigneeId: number | null) => api.updateProject({ params: { id: project.id }, body: { assigneeId } }),
    onSuccess: async (summary) => {
      toast({ title: summary.assignee ? t('details.assigned', { name: summary.assignee.name }) : t('details.unassigned') });
      await refreshProject(project.id);
    },
    onError: (error) => notifyFailure(error, t('details.assignFailed')),
  });

  return (
    <div>
      <Label htmlFor={id}>{t('details.assignee')}</Label>
      <select
        id={id}
        value={project.assigneeId === null ? NOBODY : String(project.assigneeId)}
        disabled={!online || assign.isPending || !team.data}
        onChange={(event) => assign.mutate(event.target.value === NOBODY ? null : Number(event.target.value))}
        aria-describedby={`${id}-hint`}
        data-testid="assignee-select"
        className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 disabled:bg-slate-100"
      >
        <option value={NOBODY}>{t('details.nobody')}</option>
        {options.map((member) => (
          <option key={member.id} value={member.id}>
            {member.name}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        {online ? t('details.assigneeHint') : t('details.assigneeOffline')}
      </p>
    </div>
  );
}
