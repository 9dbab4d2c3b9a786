// A report as the cleaner left it on this device: the server's copy with what the outbox still
// has to send for it laid over (areas skipped or unskipped, Finish job or Reopen), so the screen
// shows the job as it will be once the signal is back, and a photo is never taken into a job the
// cleaner has already finished here.
import type { Project } from '@shared/contract/projects';
import type { OutboxEntry } from '../../../lib/outbox/outbox-entries';
import { statusOnDevice } from '../status-on-device';
import type { WaitingPhoto } from './area-gate';

export interface ReportOnDevice {
  project: Project;
  /** Photos still waiting to be sent, with their areas. */
  waitingPhotos: WaitingPhoto[];
  /** A Finish job kept on the device, not confirmed by the server yet. */
  finishWaiting: boolean;
  /** Areas whose skip (or undo) is still waiting to be sent. */
  waitingAreaIds: Set<number>;
}

/** `entries`: the outbox's waiting entries, oldest first (any report's; this one's are picked). */
export function reportOnDevice(stored: Project, entries: readonly OutboxEntry[]): ReportOnDevice {
  const own = entries.filter((entry) => 'projectId' in entry && entry.projectId === stored.id);
  const skips = new Map<number, Extract<OutboxEntry, { kind: 'skip-area' }>>();
  const waitingPhotos: WaitingPhoto[] = [];
  for (const entry of own) {
    if (entry.kind === 'skip-area') skips.set(entry.areaId, entry);
    if (entry.kind === 'photo') waitingPhotos.push({ type: entry.type, areaId: entry.areaId ?? null });
  }
  const areas = stored.areas.map((area) => {
    const skip = skips.get(area.id);
    return skip ? { ...area, skipped: skip.skip === null ? null : { reason: skip.skip.reason, note: skip.skip.note ?? null } } : area;
  });
  const status = statusOnDevice(stored, own);
  return {
    project: { ...stored, areas, ...status },
    waitingPhotos,
    // A Finish kept here, not one the server already has.
    finishWaiting: status.status === 'finished' && own.some((entry) => entry.kind === 'finish'),
    waitingAreaIds: new Set(skips.keys()),
  };
}
