// The client a report is for, on the open report: one of the business's clients or none. A change
// is saved at once (PATCH clientId); the report's client name stays as it was written. Online only:
// the list of clients to choose from is the server's.
import { useId } from 'react';
import { Link } from 'wouter';
import { useMutation } from '@tanstack/react-query';
import type { Project } from '@shared/contract/projects';
import { Label } from '../../components/ui/input';
import { api } from '../../lib/api';
import { notifyFailure } from '../../lib/api-errors';
import { t } from '../../lib/i18n/i18n';
import { useIsOnline } from '../../lib/online';
import { refreshProject } from '../../lib/refresh-project';
import { toast } from '../../lib/toast';
import { useClient, useClients } from '../../lib/clients';

const NONE = '';

export function LinkedClientField({ project }: { project: Project }) {
  const id = useId();
  const online = useIsOnline();
  const clients = useClients('');
  // The linked client may be beyond the first page of the list: only then is it asked for alone.
  const listed = clients.data?.some((client) => client.id === project.clientId) ?? false;
  const linked = useClient(clients.data && !listed ? project.clientId : null);
  const options = linked.data && !listed ? [linked.data, ...(clients.data ?? [])] : (clients.data ?? []);

  const link = useMutation({
    mutationFn: (clientId: number | null) => api.updateProject({ params: { id: project.id }, body: { clientId } }),
    onSuccess: async (_, clientId) => {
      toast({ title: clientId === null ? t('details.clientUnlinked') : t('details.clientLinked') });
      await refreshProject(project.id);
    },
    onError: (error) => notifyFailure(error, t('details.clientLinkFailed')),
  });

  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{t('details.client')}</Label>
        {project.clientId !== null && (
          <Link href={`/clients/${project.clientId}`} className="text-sm font-medium text-brand-800 underline">
            {t('details.openClient')}
          </Link>
        )}
      </div>
      <select
        id={id}
        value={project.clientId === null ? NONE : String(project.clientId)}
        disabled={!online || link.isPending || !clients.data}
        onChange={(event) => link.mutate(event.target.value === NONE ? null : Number(event.target.value))}
        aria-describedby={`${id}-hint`}
        className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 disabled:bg-slate-100"
      >
        <option value={NONE}>{t('details.noClient')}</option>
        {options.map((client) => (
          <option key={client.id} value={client.id}>
            {client.name}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        {online ? t('details.clientHint') : t('details.clientOffline')}
      </p>
    </div>
  );
}
