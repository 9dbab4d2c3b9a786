// Pairing (spec §4), the one copy for the browser and the server: an unpaired photo is one whose
// id is in no pair; the user selects up to two unpaired photos; a third click replaces the
// selection with that photo; clicking a selected photo deselects it; a second photo of the type
// already selected takes its place (a pair needs one of each). A pair is one before and one after
// photo; auto-pairing matches them in the order taken, and the camera's ghost follows that same
// order (beforeForNextAfter), so an after shot over the ghost pairs as Auto Pair All would.
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

/**
 * The selection after a click on `photoId`. Given the photos, a photo of the same type as one
 * already selected replaces it, so two befores (or two afters) are never selected together.
 */
export function togglePhotoSelection(selected: readonly number[], photoId: number, photos?: readonly PhotoLike[]): number[] {
  if (selected.includes(photoId)) return selected.filter((id) => id !== photoId);
  if (selected.length >= MAX_SELECTED_PHOTOS) return [photoId];
  const typeOf = (id: number) => photos?.find((photo) => photo.id === id)?.type;
  const clicked = typeOf(photoId);
  const sameType = clicked === undefined ? undefined : selected.find((id) => typeOf(id) === clicked);
  if (sameType !== undefined) return [...selected.filter((id) => id !== sameType), photoId];
  return [...selected, photoId];
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

/**
 * Auto-pairing in a report with areas: matchInTakenOrder within each area, never across two. Photos
 * without an area (a blank report) are one group, so a blank report pairs exactly as before.
 */
export function matchWithinAreas(unpaired: ReadonlyArray<PhotoLike & { areaId: number | null }>): Array<{ beforePhotoId: number; afterPhotoId: number }> {
  const byArea = new Map<number | null, Array<PhotoLike & { areaId: number | null }>>();
  for (const photo of unpaired) byArea.set(photo.areaId, [...(byArea.get(photo.areaId) ?? []), photo]);
  return [...byArea.values()].flatMap((group) => matchInTakenOrder(group));
}

/**
 * The before that the next after photo would be paired with by Auto Pair All (matchInTakenOrder):
 * the first unpaired before not already taken by an earlier unpaired after. `unpaired` is in the
 * order taken. The camera shows it as the ghost by default, so following the ghost and pairing
 * automatically give the same pairs. Null when every unpaired before already has its after.
 */
export function beforeForNextAfter<P extends { type: PhotoType }>(unpaired: readonly P[]): P | null {
  const befores = unpaired.filter((photo) => photo.type === 'before');
  const afters = unpaired.filter((photo) => photo.type === 'after').length;
  return befores[afters] ?? null;
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
