// Bulk import: many chosen files at once. Sorted by when each was taken (its EXIF date, else the
// file's own date), the earlier half is proposed as befores and the later half as afters; the
// cleaner may swap any; then the i-th before is paired with the i-th after in time order (the
// rule Auto Pair All uses, matchInTakenOrder).
import type { PhotoType } from '@shared/contract/projects';
import { matchInTakenOrder } from '@shared/pairing';

export interface BulkItem<F> {
  file: F;
  /** When it was taken: EXIF DateTimeOriginal (ISO 8601), when the file says. */
  capturedAt: string | undefined;
  type: PhotoType;
}

/** The files in the order taken, the earlier half (rounded up) as befores. */
export function proposeBulkImport<F extends { lastModified: number; name: string }>(
  files: ReadonlyArray<{ file: F; capturedAt: string | undefined }>,
): BulkItem<F>[] {
  const takenAt = (entry: { file: F; capturedAt: string | undefined }) => (entry.capturedAt ? Date.parse(entry.capturedAt) : entry.file.lastModified);
  const sorted = [...files].sort((a, b) => takenAt(a) - takenAt(b) || a.file.name.localeCompare(b.file.name));
  const befores = Math.ceil(sorted.length / 2);
  return sorted.map((entry, index) => ({ ...entry, type: index < befores ? 'before' : 'after' }));
}

export function swapType<F>(items: readonly BulkItem<F>[], index: number): BulkItem<F>[] {
  return items.map((item, i) => (i === index ? { ...item, type: item.type === 'before' ? 'after' : 'before' } : item));
}

/**
 * The order to keep them in (befores, then afters, each in time order: a before is sent before the
 * after paired with it) and, for each after, the index of its before in `items`.
 */
export function bulkImportOrder<F>(items: readonly BulkItem<F>[]): Array<{ index: number; pairWithIndex?: number }> {
  const pairs = matchInTakenOrder(items.map((item, index) => ({ id: index, type: item.type })));
  const beforeOf = new Map(pairs.map((pair) => [pair.afterPhotoId, pair.beforePhotoId]));
  const indices = items.map((_, index) => index);
  const befores = indices.filter((index) => items[index]!.type === 'before');
  const afters = indices.filter((index) => items[index]!.type === 'after');
  return [
    ...befores.map((index) => ({ index })),
    ...afters.map((index) => ({ index, ...(beforeOf.has(index) ? { pairWithIndex: beforeOf.get(index)! } : {}) })),
  ];
}
