import { describe, expect, it } from 'vitest';
import type { Photo, PhotoPair } from '@shared/contract/projects';
import type { QueuedUploadView } from '../upload/use-upload-queue';
import { ghostChoices } from './ghost-source';

const photo = (id: number, type: 'before' | 'after', minute: number): Photo => ({
  id,
  projectId: 1,
  type,
  areaId: null,
  takenBy: null,
  imageUrl: `/api/photos/${id}/image`,
  thumbnailUrl: `/api/photos/${id}/thumbnail`,
  width: 1024,
  height: 768,
  createdAt: `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`,
  capturedAt: null,
  receivedAt: `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`,
  sha256: '0'.repeat(64),
});
const waiting = (id: string, type: 'before' | 'after', pairWith: QueuedUploadView['pairWith'] = null): QueuedUploadView => ({
  id,
  projectId: 1,
  type,
  bytes: new ArrayBuffer(1),
  mimeType: 'image/jpeg',
  status: 'queued',
  waitingFor: null,
  progress: null,
  capturedAt: null,
  pairWith,
  areaId: null,
});
const pair = (before: Photo, after: Photo): PhotoPair => ({
  id: before.id * 100,
  beforePhotoId: before.id,
  afterPhotoId: after.id,
  beforePhoto: before,
  afterPhoto: after,
  createdAt: after.createdAt,
});

describe('ghostChoices', () => {
  it('offers the unpaired befores in the order taken, the first one by default (the one Auto Pair All pairs next)', () => {
    const kitchen = photo(2, 'before', 1);
    const bathroom = photo(1, 'before', 2); // ids need not follow the order taken
    const choices = ghostChoices([bathroom, kitchen], [], []);
    expect(choices.candidates.map((candidate) => candidate.key)).toEqual(['photo-2', 'photo-1']);
    expect(choices.defaultKey).toBe('photo-2');
    expect(choices.candidates[0]?.pairWith).toBe(2);
  });

  it('skips the befores that unpaired afters would take, and those already paired', () => {
    const [b1, a1, b2, b3, a2] = [photo(1, 'before', 1), photo(2, 'after', 2), photo(3, 'before', 3), photo(4, 'before', 4), photo(5, 'after', 5)];
    const choices = ghostChoices([b1, a1, b2, b3, a2], [pair(b1, a2)], []);
    // Unpaired: a1, b2, b3. Auto Pair All gives b2 to a1, so the next after goes with b3.
    expect(choices.candidates.map((candidate) => candidate.key)).toEqual(['photo-3', 'photo-4']);
    expect(choices.defaultKey).toBe('photo-4');
  });

  it('counts photos waiting on the device after the stored ones; an after shot over a before takes it', () => {
    const stored = photo(1, 'before', 1);
    const choices = ghostChoices([stored], [], [waiting('k1', 'before'), waiting('k2', 'after', 1), waiting('k3', 'before')]);
    expect(choices.candidates.map((candidate) => candidate.key)).toEqual(['upload-k1', 'upload-k3']);
    expect(choices.defaultKey).toBe('upload-k1');
    expect(choices.candidates[0]?.pairWith).toBe('k1');

    const claimedWhileWaiting = ghostChoices([], [], [waiting('k1', 'before'), waiting('k2', 'after', 'k1')]);
    expect(claimedWhileWaiting.candidates).toEqual([]);
    expect(claimedWhileWaiting.defaultKey).toBeNull();
  });

  it('knows a before just sent by its server id, before the report is read again', () => {
    const choices = ghostChoices([photo(9, 'before', 1)], [], [waiting('k2', 'after', 'k1')], (uploadId) => (uploadId === 'k1' ? 9 : undefined));
    expect(choices.candidates).toEqual([]);
  });

  it('keeps a before taken by an after already sent until the report read again holds that after, then goes by the report', () => {
    const [first, second] = [photo(1, 'before', 1), photo(2, 'before', 2)];
    // The after over the first before has left the outbox (server id 7); the report on screen is older.
    const sent = new Map([[7, 1 as const]]);
    const before = ghostChoices([first, second], [], [], undefined, sent);
    expect(before.candidates.map((candidate) => candidate.key)).toEqual(['photo-2']);
    expect(before.defaultKey).toBe('photo-2');
    // Read again: the after and its pair are there; and once unpaired by the cleaner, the first before is offered again.
    const after = photo(7, 'after', 3);
    expect(ghostChoices([first, second, after], [pair(first, after)], [], undefined, sent).candidates.map((candidate) => candidate.key)).toEqual(['photo-2']);
    expect(ghostChoices([first, second, after], [], [], undefined, sent).candidates.map((candidate) => candidate.key)).toEqual(['photo-1', 'photo-2']);
  });
});
