// Client name and description edits are outbox entries (lib/outbox): kept on the device until the
// server has them, sent in the order made, the last edit of a field winning, retried like a photo.
import { queryClient } from '../../../lib/query-client';
import { projectQueryKey } from '../../../lib/query-keys';
import type { Project } from '@shared/contract/projects';
import { outbox } from '../../../lib/outbox/app-outbox';
import type { DetailsField, EditEntry } from '../../../lib/outbox/outbox-entries';

export type { DetailsField };

/** What became of an edit: sent ('saved'), kept for later ('kept'), or refused for good. */
export type EditOutcome = 'saved' | 'kept' | 'refused';

export interface NewEdit {
  userId: number;
  projectId: number;
  field: DetailsField;
  value: string;
}

type OutcomeListener = (edit: EditEntry, outcome: EditOutcome) => void;
const listeners = new Set<OutcomeListener>();

outbox.onEvent((event) => {
  if (event.entry.kind !== 'edit') return;
  // An edit replaced by a newer one of its field while it travelled says nothing of the field now.
  const outcome: EditOutcome | null = event.kind === 'sent' ? (event.superseded ? null : 'saved') : event.kind === 'failed' ? 'refused' : 'kept';
  if (outcome === null) return;
  for (const listener of listeners) listener(event.entry, outcome);
});

export function onEditOutcome(listener: OutcomeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The kept value of a field of a report, if an edit of it has not reached the server yet. */
export function keptDetail(userId: number, projectId: number, field: DetailsField): string | undefined {
  const kept = outbox
    .getSnapshot()
    .map((item) => item.entry)
    .filter((entry): entry is EditEntry => entry.kind === 'edit' && entry.userId === userId && entry.projectId === projectId && entry.field === field);
  return kept.at(-1)?.value;
}

/** Keeps the edit, shows it at once in the cached report (kept offline too), and sends it. */
export async function saveDetail(edit: NewEdit): Promise<void> {
  queryClient.setQueryData<Project>(projectQueryKey(edit.projectId), (project) => (project ? { ...project, [edit.field]: edit.value } : project));
  await outbox.enqueue({ kind: 'edit', ...edit });
}
