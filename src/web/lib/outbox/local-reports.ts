// New Report with no signal: the report gets a local (negative) id on this device and is shown at
// once from the query cache (kept offline by persisted-queries.ts); the outbox creates it on the
// server first when the signal returns, and what was queued against it follows with the real id.
import type { Project, ProjectSummary } from '@shared/contract/projects';
import { queryClient } from '../query-client';
import { projectSummaryOf } from '../project-summary';
import { PROJECTS_QUERY_KEY, projectQueryKey } from '../query-keys';
import { keptClient } from '../clients';
import { outbox } from './app-outbox';
import { isLocalProjectId } from './outbox-entries';
import { newLocalProjectId, recordReportMoved } from './moved-reports';

/**
 * Keeps a new, empty report on the device and queues its creation; returns its local id.
 * `idempotencyKey`: the key a create already tried with (its answer lost), so the server's report is reused.
 * `clientId`: a report for that client, named as this device last saw them (offline, the client
 * screens only offer clients kept from an online visit).
 */
export async function keepNewReport(userId: number, idempotencyKey?: string, clientId?: number): Promise<number> {
  const projectId = newLocalProjectId();
  const client = clientId === undefined ? undefined : keptClient(clientId);
  const project: Project = {
    id: projectId,
    clientName: client?.name ?? '',
    clientId: client?.id ?? null,
    description: '',
    createdAt: new Date().toISOString(),
    photoCount: 0,
    pairCount: 0,
    templateId: null,
    status: 'open',
    finishedAt: null,
    openIssueCount: 0,
    approvedAt: null,
    // Named by the server once the report reaches it.
    createdBy: null,
    assigneeId: null,
    assignee: null,
    areas: [],
    photos: [],
    photoPairs: [],
    approval: null,
    issues: [],
  };
  await outbox.enqueue({
    kind: 'create-report',
    userId,
    projectId,
    ...(client ? { client: { id: client.id, name: client.name } } : {}),
    ...(idempotencyKey ? { id: idempotencyKey } : {}),
  });
  queryClient.setQueryData(projectQueryKey(projectId), project);
  queryClient.setQueryData<ProjectSummary[]>(PROJECTS_QUERY_KEY, (list) => [projectSummaryOf(project), ...(list ?? [])]);
  return projectId;
}

/**
 * The server has made the report kept as `localId`: the cache moves to `serverId` (the list and the
 * open report show it at once, then are fetched again).
 */
export function moveReportToServerId(localId: number, serverId: number): void {
  recordReportMoved(localId, serverId);
  const kept = queryClient.getQueryData<Project>(projectQueryKey(localId));
  if (kept) queryClient.setQueryData<Project>(projectQueryKey(serverId), (current) => current ?? { ...kept, id: serverId });
  queryClient.setQueryData<ProjectSummary[]>(PROJECTS_QUERY_KEY, (list) => list?.map((item) => (item.id === localId ? { ...item, id: serverId } : item)));
}

/** Forgets a report made offline (deleted before the server had it): its entries are not sent. */
export async function discardLocalReport(projectId: number): Promise<void> {
  if (!isLocalProjectId(projectId)) return;
  await outbox.discard((entry) => 'projectId' in entry && entry.projectId === projectId);
  queryClient.removeQueries({ queryKey: projectQueryKey(projectId) });
  queryClient.setQueryData<ProjectSummary[]>(PROJECTS_QUERY_KEY, (list) => list?.filter((item) => item.id !== projectId));
}
