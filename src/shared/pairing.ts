// Pairing (spec §4), the one copy for the browser and the server: an unpaired photo is one whose
// id is in no pair; the user selects up to two unpaired photos; a third click replaces the
// selection with that photo; clicking a selected photo deselects it. A pair is one before and one
// after photo; auto-pairing matches them in the order taken.
import { MAX_SELECTED_PHOTOS } from './rules.js';

type PhotoType = 'before' | 'after';

/** spec §5: the pairing rule, in the spec's words. */
export const INVALID_SELECTION_MESSAGE = 'Please select one before photo and one after photo';

interface PhotoLike {
  id: number;
  type: PhotoType;
}
interface PairLike {
  beforePhotoId: number;
  afterPhotoId: number;
}

export function getUnpairedPhotos<P extends PhotoLike>(photos: readonly P[], pairs: readonly PairLike[]): P[] {
  const paired = new Set<number>();
  for (const pair of pairs) {
    paired.add(pair.beforePhotoId);
    paired.add(pair.afterPhotoId);
  }
  return photos.filter((photo) => !paired.has(photo.id));
}

/** The selection after a click on `photoId`. */
export function togglePhotoSelection(selected: readonly number[], photoId: number): number[] {
  if (selected.includes(photoId)) return selected.filter((id) => id !== photoId);
  if (selected.length < MAX_SELECTED_PHOTOS) return [...selected, photoId];
  return [photoId];
}

/** Drops ids that are no longer unpaired photos (deleted or paired meanwhile). */
export function pruneSelection(selected: readonly number[], unpaired: readonly PhotoLike[]): number[] {
  const ids = new Set(unpaired.map((photo) => photo.id));
  const kept = selected.filter((id) => ids.has(id));
  return kept.length === selected.length ? (selected as number[]) : kept;
}

/** A pair is one before and one after photo, in that order. */
export function isBeforeAndAfter(before: PhotoLike, after: PhotoLike): boolean {
  return before.type === 'before' && after.type === 'after';
}

/** Auto-pairing: the i-th unpaired before goes with the i-th unpaired after; extras stay unpaired. */
export function matchInTakenOrder(unpaired: readonly PhotoLike[]): Array<{ beforePhotoId: number; afterPhotoId: number }> {
  const befores = unpaired.filter((photo) => photo.type === 'before');
  const afters = unpaired.filter((photo) => photo.type === 'after');
  return befores.slice(0, afters.length).map((before, index) => ({ beforePhotoId: before.id, afterPhotoId: afters[index]!.id }));
}

/** The pair to create from the selection, or null when it is not one before and one after. */
export function resolvePairSelection(selected: readonly number[], photos: readonly PhotoLike[]): { beforePhotoId: number; afterPhotoId: number } | null {
  if (selected.length !== 2) return null;
  const chosen = selected.map((id) => photos.find((photo) => photo.id === id));
  const before = chosen.find((photo) => photo?.type === 'before');
  const after = chosen.find((photo) => photo?.type === 'after');
  if (!before || !after) return null;
  return { beforePhotoId: before.id, afterPhotoId: after.id };
}

/** 'Pair Selected' and 'Clear' appear when two photos are selected. */
export function canPairSelection(selected: readonly number[]): boolean {
  return selected.length === MAX_SELECTED_PHOTOS;
}

/** 'Auto Pair All' appears only when unpaired befores and afters both exist and nothing is selected. */
export function canAutoPair(unpaired: readonly PhotoLike[], selected: readonly number[]): boolean {
  return selected.length === 0 && unpaired.some((photo) => photo.type === 'before') && unpaired.some((photo) => photo.type === 'after');
}
