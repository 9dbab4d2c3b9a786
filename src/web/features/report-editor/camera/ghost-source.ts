// The befores an after shot can be lined up with (the camera's strip), and which one the ghost
// shows by default: the one Auto Pair All would pair the next after with (beforeForNextAfter, the
// one rule in src/shared/pairing.ts). Photos still waiting on this device count as taken after
// every stored one (the outbox sends in the order taken); an after already shot over a before
// (shoot-to-pair, still waiting to go) has taken that before, so neither counts as unpaired.
import type { Photo, PhotoPair } from '@shared/contract/projects';
import { beforeForNextAfter, getUnpairedPhotos } from '@shared/pairing';
import type { PhotoRef } from '../../../lib/outbox/outbox-entries';
import type { QueuedUploadView } from '../upload/use-upload-queue';

export type GhostSource = { kind: 'kept'; upload: QueuedUploadView } | { kind: 'stored'; url: string };

export interface GhostCandidate {
  /** Stable while the photo stays where it is: `photo-<id>` or `upload-<local key>`. */
  key: string;
  source: GhostSource;
  /** What an after shot over it carries: the before's server id, or its local key while it waits too. */
  pairWith: PhotoRef;
  capturedAt: string | null;
}

export interface GhostChoices {
  /** Every unpaired before, in the order taken. */
  candidates: GhostCandidate[];
  /** The one the ghost shows unless the cleaner picks another. */
  defaultKey: string | null;
}

type ServerIdOf = (localKey: string) => number | undefined;

/**
 * `serverIdOf`: the server id of a photo this tab has sent (the outbox knows it before the report is
 * read again). `sentAfters`: afters this tab sent over a before, by their server id; until the
 * report read again holds the after (and so its pair), its before is taken all the same, or the
 * ghost would fall back to it for the next after in the moment between the two.
 */
export function ghostChoices(
  photos: readonly Photo[],
  pairs: readonly PhotoPair[],
  waiting: readonly QueuedUploadView[],
  serverIdOf: ServerIdOf = () => undefined,
  sentAfters: ReadonlyMap<number, PhotoRef> = new Map(),
): GhostChoices {
  const claimed = new Set<string>();
  const stored = new Set(photos.map((photo) => photo.id));
  for (const [afterId, before] of sentAfters) if (!stored.has(afterId)) claimed.add(refKey(before, serverIdOf));
  for (const upload of waiting) {
    if (upload.type !== 'after' || upload.pairWith === null) continue;
    claimed.add(refKey(upload.pairWith, serverIdOf));
    claimed.add(`upload-${upload.id}`);
  }
  const unpairedStored = getUnpairedPhotos(photos, pairs)
    .slice()
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id)
    .map((photo) => ({
      key: `photo-${photo.id}`,
      type: photo.type,
      source: { kind: 'stored', url: photo.thumbnailUrl } as GhostSource,
      pairWith: photo.id as PhotoRef,
      capturedAt: photo.capturedAt,
    }));
  const kept = waiting.map((upload) => ({
    key: `upload-${upload.id}`,
    type: upload.type,
    source: { kind: 'kept', upload } as GhostSource,
    pairWith: upload.id as PhotoRef,
    capturedAt: upload.capturedAt,
  }));
  const unpaired = [...unpairedStored, ...kept].filter((photo) => !claimed.has(photo.key));
  const candidates = unpaired
    .filter((photo) => photo.type === 'before')
    .map(({ key, source, pairWith, capturedAt }) => ({ key, source, pairWith, capturedAt }));
  return { candidates, defaultKey: beforeForNextAfter(unpaired)?.key ?? null };
}

/** The key of the photo a reference names, the same whether it is still waiting here or already sent. */
export function refKey(ref: PhotoRef, serverIdOf: ServerIdOf = () => undefined): string {
  if (typeof ref === 'number') return `photo-${ref}`;
  const sent = serverIdOf(ref);
  return sent === undefined ? `upload-${ref}` : `photo-${sent}`;
}
