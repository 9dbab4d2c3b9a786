// New Report with no signal: the report gets a local (negative) id on this device and is shown at
// once from the query cache (kept offline by persisted-queries.ts); the outbox creates it on the
// server first when the signal returns, and what was queued against it follows with the real id.
import type { Project, ProjectArea, ProjectSummary } from '@shared/contract/projects';
import type { Template } from '@shared/contract/templates';
import { expandAreas, roomCountsOf } from '@shared/templates/expand-areas';
import { queryClient } from '../query-client';
import { projectSummaryOf } from '../project-summary';
import { PROJECTS_QUERY_KEY, TEMPLATES_QUERY_KEY, projectQueryKey } from '../query-keys';
import { keptClient } from '../clients';
import { outbox } from './app-outbox';
import { isLocalProjectId, type NewReportFromTemplate } from './outbox-entries';
import { newLocalProjectId, recordReportMoved } from './moved-reports';

/** The template a report is made from, as New Report names it. */
export interface TemplateChoice {
  templateId: string;
  bedrooms?: number;
  bathrooms?: number;
}

/** The template is not kept on this device (never seen online): the report cannot be made from it offline. */
export class TemplateNotKeptError extends Error {
  constructor(readonly templateId: string) {
    super(`Template ${templateId} is not kept on this device`);
  }
}

/**
 * A report's areas made on the device from the kept template, by the server's rule (src/shared),
 * each with a local id until the server has made them: negative and random, drawn as a report's
 * is, so no local id is another's.
 */
function localAreasFrom(choice: TemplateChoice): { areas: ProjectArea[]; entry: NewReportFromTemplate } {
  const template = queryClient.getQueryData<Template[]>(TEMPLATES_QUERY_KEY)?.find((candidate) => candidate.id === choice.templateId);
  if (!template) throw new TemplateNotKeptError(choice.templateId);
  const areas = expandAreas(template.areas, roomCountsOf(choice)).map((area): ProjectArea => ({
    id: newLocalProjectId(),
    key: area.key,
    name: area.name,
    minBefore: area.minBefore,
    minAfter: area.minAfter,
    skipped: null,
  }));
  return {
    areas,
    entry: {
      templateId: template.id,
      ...(choice.bedrooms === undefined ? {} : { bedrooms: choice.bedrooms }),
      ...(choice.bathrooms === undefined ? {} : { bathrooms: choice.bathrooms }),
      areas: areas.map(({ id, key }) => ({ id, key })),
    },
  };
}

/**
 * Keeps a new, empty report on the device and queues its creation; returns its local id.
 * `idempotencyKey`: the key a create already tried with (its answer lost), so the server's report is reused.
 * `clientId`: a report for that client, named as this device last saw them (offline, the client
 * screens only offer clients kept from an online visit). `template`: made from that kept
 * template, its areas on screen at once (throws TemplateNotKeptError when it is not kept).
 */
export async function keepNewReport(userId: number, idempotencyKey?: string, clientId?: number, template?: TemplateChoice): Promise<number> {
  const fromTemplate = template ? localAreasFrom(template) : null;
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
    templateId: fromTemplate?.entry.templateId ?? null,
    status: 'open',
    finishedAt: null,
    openIssueCount: 0,
    approvedAt: null,
    // Named by the server once the report reaches it.
    createdBy: null,
    assigneeId: null,
    assignee: null,
    areas: fromTemplate?.areas ?? [],
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
    ...(fromTemplate ? { template: fromTemplate.entry } : {}),
    ...(idempotencyKey ? { id: idempotencyKey } : {}),
  });
  queryClient.setQueryData(projectQueryKey(projectId), project);
  queryClient.setQueryData<ProjectSummary[]>(PROJECTS_QUERY_KEY, (list) => [projectSummaryOf(project), ...(list ?? [])]);
  return projectId;
}

/**
 * The server has made the report kept as `localId`: the cache moves to `serverId` (the list and the
 * open report show it at once, with its areas under the server's ids, then are fetched again).
 */
export function moveReportToServerId(localId: number, serverId: number): void {
  recordReportMoved(localId, serverId);
  const kept = queryClient.getQueryData<Project>(projectQueryKey(localId));
  const areas = kept?.areas.map((area) => ({ ...area, id: outbox.serverIdOf(area.id) ?? area.id }));
  if (kept && areas) queryClient.setQueryData<Project>(projectQueryKey(serverId), (current) => current ?? { ...kept, id: serverId, areas });
  queryClient.setQueryData<ProjectSummary[]>(PROJECTS_QUERY_KEY, (list) => list?.map((item) => (item.id === localId ? { ...item, id: serverId } : item)));
}

/** Forgets a report made offline (deleted before the server had it): its entries are not sent. */
export async function discardLocalReport(projectId: number): Promise<void> {
  if (!isLocalProjectId(projectId)) return;
  await outbox.discard((entry) => 'projectId' in entry && entry.projectId === projectId);
  queryClient.removeQueries({ queryKey: projectQueryKey(projectId) });
  queryClient.setQueryData<ProjectSummary[]>(PROJECTS_QUERY_KEY, (list) => list?.filter((item) => item.id !== projectId));
}
