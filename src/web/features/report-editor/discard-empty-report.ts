// A report made here with New Report and left with no client name, description or photo is not
// kept as a draft: leaving its editor deletes it, so abandoned New Reports do not pile up in the
// list as 'Untitled Report'. (spec §7 makes the report on the server as New Report is tapped.)
import { useEffect, useRef } from 'react';
import type { Project, ProjectSummary } from '@shared/contract/projects';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { PROJECTS_QUERY_KEY, projectQueryKey } from '../../lib/query-keys';
import { NEW_REPORT_STATE } from '../../lib/new-report';
import { firstIdOf } from '../../lib/outbox/moved-reports';
import { outbox } from '../../lib/outbox/app-outbox';
import { isLocalProjectId } from '../../lib/outbox/outbox-entries';
import { mayCall } from '../../lib/roles';
import { USER_QUERY_KEY } from '../../lib/query-keys';
import type { User } from '@shared/contract/auth';

/** Reports this tab made with New Report (by the id first opened with), not yet discarded. */
const newReports = new Set<number>();

function isOpenedAsNewReport(): boolean {
  const state: unknown = history.state;
  return typeof state === 'object' && state !== null && 'newReport' in state && state.newReport === NEW_REPORT_STATE.newReport;
}

/** Editors open per report (by the id it was first opened with): a remount is not a leave. */
const openEditors = new Map<number, number>();

export function isLeftEmpty(project: Project, waitingEntries: number): boolean {
  return (
    project.clientName.trim() === '' &&
    project.description.trim() === '' &&
    project.photos.length === 0 &&
    !project.areas.some((area) => area.skipped !== null) &&
    waitingEntries === 0
  );
}

/** Deletes the report this editor shows when it is left empty (see above). */
export function useDiscardWhenLeftEmpty(projectId: number): void {
  // A report made offline keeps its editor when the server makes it: the id it has now is the server's.
  const firstId = firstIdOf(projectId);
  const currentId = useRef(projectId);
  useEffect(() => {
    currentId.current = projectId;
  }, [projectId]);
  useEffect(() => {
    if (isOpenedAsNewReport()) newReports.add(firstId);
    openEditors.set(firstId, (openEditors.get(firstId) ?? 0) + 1);
    return () => {
      openEditors.set(firstId, (openEditors.get(firstId) ?? 1) - 1);
      // Once the click that leaves has blurred a typed field and its edit is kept.
      setTimeout(() => void discardIfLeftEmpty(firstId, currentId.current), 0);
    };
  }, [firstId]);
}

async function discardIfLeftEmpty(firstId: number, id: number): Promise<void> {
  if ((openEditors.get(firstId) ?? 0) > 0 || !newReports.has(firstId)) return;
  const project = queryClient.getQueryData<Project>(projectQueryKey(id));
  if (!project) return;
  // A cleaner deletes no report on the server (the route table's access): theirs stays, untitled,
  // for an owner or manager to remove. One that never left this phone is still discarded.
  const mayDelete = mayCall(queryClient.getQueryData<User | null>(USER_QUERY_KEY)?.role, 'deleteProject');
  if (!mayDelete && !isLocalProjectId(id)) return;
  // Anything still on its way to the server (a photo, a typed name) counts as content.
  const waiting = outbox
    .getSnapshot()
    .filter(({ entry }) => entry.kind !== 'create-report' && 'projectId' in entry && (entry.projectId === id || entry.projectId === firstId)).length;
  if (!isLeftEmpty(project, waiting)) return;
  // Out of the list at once; back from the server below if it is kept after all.
  queryClient.setQueryData<ProjectSummary[]>(PROJECTS_QUERY_KEY, (list) => list?.filter((item) => item.id !== id));
  try {
    if (isLocalProjectId(id)) {
      newReports.delete(firstId);
      await (await import('../../lib/outbox/local-reports')).discardLocalReport(id);
      return;
    }
    // The server has the last word: a photo whose upload finished a moment ago is not in the
    // kept copy yet.
    const onServer = await api.getProject({ params: { id }, query: { images: 'url' } });
    if (isLeftEmpty(onServer, 0)) {
      newReports.delete(firstId);
      await api.deleteProject({ params: { id } });
      queryClient.removeQueries({ queryKey: projectQueryKey(id) });
    }
  } catch {
    // Not deleted (no signal, say): it stays in the list as it is.
  }
  void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY, exact: true });
  // The list's pages too (a page fetched before the delete still has it).
  void queryClient.invalidateQueries({ queryKey: [...PROJECTS_QUERY_KEY, 'pages'] });
}
