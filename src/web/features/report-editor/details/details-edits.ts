// The one kept-edits queue of this tab (pending-edits.ts), sending through the API with a timeout.
import { api } from '../../../lib/api';
import { notifyFailure } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { queryClient } from '../../../lib/query-client';
import { projectQueryKey } from '../../../lib/query-keys';
import type { Project } from '@shared/contract/projects';
import { refreshProject } from '../api/project-api';
import { PendingEdits, type EditOutcome, type PendingEdit } from './pending-edits';

const SEND_TIMEOUT_MS = 20_000;

type OutcomeListener = (edit: PendingEdit, outcome: EditOutcome) => void;
const listeners = new Set<OutcomeListener>();

function storage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

export const detailsEdits = new PendingEdits(
  storage(),
  (edit) => api.updateProject({ params: { id: edit.projectId }, body: { [edit.field]: edit.value } }, { signal: AbortSignal.timeout(SEND_TIMEOUT_MS) }).then(() => undefined),
  (edit, outcome, error) => {
    if (outcome === 'saved') void refreshProject(edit.projectId);
    if (outcome === 'refused') notifyFailure(error, t('details.updateFailed'));
    for (const listener of listeners) listener(edit, outcome);
  },
);

export function onEditOutcome(listener: OutcomeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps the edit, shows it at once in the cached report (kept offline too), and sends it. */
export function saveDetail(edit: PendingEdit): Promise<void> {
  queryClient.setQueryData<Project>(projectQueryKey(edit.projectId), (project) => (project ? { ...project, [edit.field]: edit.value } : project));
  return detailsEdits.keep(edit);
}
