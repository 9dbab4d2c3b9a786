// A report's photos still in the outbox (lib/outbox), shown as waiting thumbnails.
import { useMemo, useSyncExternalStore } from 'react';
import type { PhotoType } from '@shared/contract/projects';
import { outbox } from '../../../lib/outbox/app-outbox';
import type { WaitReason } from '../../../lib/outbox/outbox-policy';
import type { PhotoRef } from '../../../lib/outbox/outbox-entries';

export interface QueuedUploadView {
  id: string;
  projectId: number;
  type: PhotoType;
  bytes: ArrayBuffer;
  mimeType: string;
  /** 'uploading' while a request is in flight; 'waiting' after a failure, until the next try. */
  status: 'uploading' | 'waiting' | 'queued';
  /** What a waiting photo waits for: the connection, a new sign-in, or an upgrade. */
  waitingFor: WaitReason | null;
  /** While uploading: the share of its bytes sent, 0 to 1 (null until the first progress report). */
  progress: number | null;
  capturedAt: string | null;
  /** Shoot-to-pair: the before this after goes with (its server id, or its local key while it waits too). */
  pairWith: PhotoRef | null;
  /** The report area it was taken in (a report made from a template), else null. */
  areaId: number | null;
}

export function usePendingUploads(projectId: number): QueuedUploadView[] {
  const all = useSyncExternalStore(outbox.subscribe, outbox.getSnapshot);
  return useMemo(() => {
    // Photos behind an entry that waits (a report made offline, an edit) wait for what it waits for.
    const held = all.find((item) => item.status === 'waiting')?.waitingFor ?? null;
    return all.flatMap(({ entry, status, waitingFor, progress }): QueuedUploadView[] =>
      entry.kind === 'photo' && entry.projectId === projectId
        ? [
            {
              id: entry.id,
              projectId,
              type: entry.type,
              bytes: entry.bytes,
              mimeType: entry.mimeType,
              status: status === 'sending' ? 'uploading' : status === 'queued' && held ? 'waiting' : status,
              waitingFor: waitingFor ?? (status === 'queued' ? held : null),
              progress,
              capturedAt: entry.capturedAt ?? null,
              pairWith: entry.pairWith ?? null,
              areaId: entry.areaId ?? null,
            },
          ]
        : [],
    );
  }, [all, projectId]);
}
