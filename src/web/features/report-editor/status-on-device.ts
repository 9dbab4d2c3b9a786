// Whether a job is finished as this phone shows it: the server's status, unless a Finish job or a
// Reopen made here still waits in the outbox (the last one made wins). A reopen kept with no signal
// gives the cleaner back Add Photos and the pairs at once; what they do goes behind it.
import type { Project } from '@shared/contract/projects';
import type { OutboxEntry } from '../../lib/outbox/outbox-entries';
import { useOutboxItems } from '../../lib/outbox/app-outbox';

export type JobStatus = Pick<Project, 'status' | 'finishedAt'>;

/** `entries`: the outbox's waiting entries, oldest first (any report's; this one's are read). */
export function statusOnDevice(stored: Pick<Project, 'id' | 'status' | 'finishedAt'>, entries: readonly OutboxEntry[]): JobStatus {
  let status: JobStatus = { status: stored.status, finishedAt: stored.finishedAt };
  for (const entry of entries) {
    if (!('projectId' in entry) || entry.projectId !== stored.id) continue;
    if (entry.kind === 'finish') status = { status: 'finished', finishedAt: new Date(entry.createdAt).toISOString() };
    if (entry.kind === 'reopen') status = { status: 'open', finishedAt: null };
  }
  return status;
}

/** The job is finished on this phone (see statusOnDevice). */
export function useFinishedOnDevice(project: Project): boolean {
  const items = useOutboxItems();
  return (
    statusOnDevice(
      project,
      items.map((item) => item.entry),
    ).status === 'finished'
  );
}
