// The before photo to line the after shot up with (issue 13): the latest before that has no
// after yet, whether still on this device (waiting to upload) or already on the server.
import type { Photo, PhotoPair } from '@shared/contract/projects';
import { getUnpairedPhotos } from '@shared/pairing';
import type { QueuedUploadView } from '../upload/upload-queue';

export type GhostSource = { kind: 'kept'; upload: QueuedUploadView } | { kind: 'stored'; url: string };

export function latestUnpairedBefore(photos: readonly Photo[], pairs: readonly PhotoPair[], waiting: readonly QueuedUploadView[]): GhostSource | null {
  // Waiting photos were taken after every stored one (the queue sends in the order taken).
  const kept = waiting.filter((upload) => upload.type === 'before').at(-1);
  if (kept) return { kind: 'kept', upload: kept };
  const stored = getUnpairedPhotos(photos, pairs)
    .filter((photo) => photo.type === 'before')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id)
    .at(-1);
  return stored ? { kind: 'stored', url: stored.thumbnailUrl } : null;
}
