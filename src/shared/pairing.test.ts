import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  beforeForNextAfter,
  canAutoPair,
  canPairSelection,
  getUnpairedPhotos,
  pruneSelection,
  resolvePairSelection,
  matchInTakenOrder,
  togglePhotoSelection,
} from './pairing';

const before = (id: number) => ({ id, type: 'before' as const });
const after = (id: number) => ({ id, type: 'after' as const });

describe('pairing selection (spec §4)', () => {
  it('treats a photo as unpaired when its id is in no pair', () => {
    const photos = [before(1), after(2), before(3), after(4)];
    expect(getUnpairedPhotos(photos, [{ beforePhotoId: 1, afterPhotoId: 4 }]).map((p) => p.id)).toEqual([2, 3]);
    expect(getUnpairedPhotos(photos, [])).toHaveLength(4);
  });

  it('selects up to two photos in click order', () => {
    expect(togglePhotoSelection([], 5)).toEqual([5]);
    expect(togglePhotoSelection([5], 7)).toEqual([5, 7]);
  });

  it('replaces the selection with the photo on a third click', () => {
    expect(togglePhotoSelection([5, 7], 9)).toEqual([9]);
  });

  it('replaces a selected photo with a second one of the same type, so two befores are never selected', () => {
    const photos = [before(1), before(2), after(3), after(4)];
    expect(togglePhotoSelection([1], 2, photos)).toEqual([2]);
    expect(togglePhotoSelection([3], 4, photos)).toEqual([4]);
    expect(togglePhotoSelection([1], 3, photos)).toEqual([1, 3]);
    // spec §4 still holds for the third click: it replaces the whole selection.
    expect(togglePhotoSelection([1, 3], 2, photos)).toEqual([2]);
  });

  it('deselects a photo that is already selected', () => {
    expect(togglePhotoSelection([5, 7], 5)).toEqual([7]);
    expect(togglePhotoSelection([5], 5)).toEqual([]);
  });

  it('never holds more than two photos or the same photo twice, whatever the clicks', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 40 }), (clicks) => {
        let selected: number[] = [];
        for (const id of clicks) {
          const wasSelected = selected.includes(id);
          selected = togglePhotoSelection(selected, id);
          expect(selected.length).toBeLessThanOrEqual(2);
          expect(new Set(selected).size).toBe(selected.length);
          expect(selected.includes(id)).toBe(!wasSelected);
        }
      }),
    );
  });

  it('makes a pair only from one before and one after photo, in either click order', () => {
    const photos = [before(1), after(2), before(3), after(4)];
    expect(resolvePairSelection([1, 2], photos)).toEqual({ beforePhotoId: 1, afterPhotoId: 2 });
    expect(resolvePairSelection([4, 3], photos)).toEqual({ beforePhotoId: 3, afterPhotoId: 4 });
    expect(resolvePairSelection([1, 3], photos)).toBeNull();
    expect(resolvePairSelection([2, 4], photos)).toBeNull();
    expect(resolvePairSelection([1], photos)).toBeNull();
    expect(resolvePairSelection([1, 99], photos)).toBeNull();
  });

  it("offers 'Pair Selected' and 'Clear' only with two selected", () => {
    expect(canPairSelection([])).toBe(false);
    expect(canPairSelection([1])).toBe(false);
    expect(canPairSelection([1, 2])).toBe(true);
  });

  it("offers 'Auto Pair All' only with unpaired befores and afters and nothing selected", () => {
    expect(canAutoPair([before(1), after(2)], [])).toBe(true);
    expect(canAutoPair([before(1), after(2)], [1])).toBe(false);
    expect(canAutoPair([before(1), before(3)], [])).toBe(false);
    expect(canAutoPair([after(2)], [])).toBe(false);
    expect(canAutoPair([], [])).toBe(false);
  });

  it('drops selected ids that are no longer unpaired and keeps the same array when nothing changed', () => {
    const selected = [1, 2];
    expect(pruneSelection(selected, [before(1), after(2)])).toBe(selected);
    expect(pruneSelection(selected, [before(1)])).toEqual([1]);
  });
});

describe('matchInTakenOrder', () => {
  it('pairs the i-th before with the i-th after and leaves extras unpaired', () => {
    const photos = [
      { id: 1, type: 'before' as const },
      { id: 2, type: 'before' as const },
      { id: 3, type: 'after' as const },
      { id: 4, type: 'before' as const },
      { id: 5, type: 'after' as const },
    ];
    expect(matchInTakenOrder(photos)).toEqual([
      { beforePhotoId: 1, afterPhotoId: 3 },
      { beforePhotoId: 2, afterPhotoId: 5 },
    ]);
  });

  it('always makes min(befores, afters) pairs, each photo used once, before with after', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom<'before' | 'after'>('before', 'after'), { maxLength: 40 }), (types) => {
        const photos = types.map((type, i) => ({ id: i + 1, type }));
        const pairs = matchInTakenOrder(photos);
        const befores = types.filter((t) => t === 'before').length;
        expect(pairs).toHaveLength(Math.min(befores, types.length - befores));
        const used = pairs.flatMap((p) => [p.beforePhotoId, p.afterPhotoId]);
        expect(new Set(used).size).toBe(used.length);
        for (const pair of pairs) {
          expect(photos[pair.beforePhotoId - 1]?.type).toBe('before');
          expect(photos[pair.afterPhotoId - 1]?.type).toBe('after');
        }
      }),
    );
  });
});

describe('beforeForNextAfter: the ghost follows the order Auto Pair All pairs in', () => {
  it('is the first unpaired before, then the next one once an after has been taken', () => {
    const kitchen = before(1);
    const bathroom = before(2);
    expect(beforeForNextAfter([kitchen, bathroom])).toBe(kitchen);
    // The kitchen's after was stored unpaired (no shoot-to-pair): Auto Pair All gives it the kitchen.
    expect(beforeForNextAfter([kitchen, bathroom, after(3)])).toBe(bathroom);
    expect(beforeForNextAfter([kitchen, bathroom, after(3), after(4)])).toBeNull();
    expect(beforeForNextAfter([after(3)])).toBeNull();
  });

  it('gives the pairs Auto Pair All gives, for any order of shots, when each after follows the ghost', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom<'before' | 'after'>('before', 'after'), { maxLength: 30 }), (types) => {
        const photos = types.map((type, i) => ({ id: i + 1, type }));
        // Shoot-to-pair: each after is paired at the shutter with the ghost shown then.
        const shotPairs: Array<{ beforePhotoId: number; afterPhotoId: number }> = [];
        const taken: typeof photos = [];
        for (const photo of photos) {
          const ghost = photo.type === 'after' ? beforeForNextAfter(getUnpairedPhotos(taken, shotPairs)) : null;
          taken.push(photo);
          if (ghost) shotPairs.push({ beforePhotoId: ghost.id, afterPhotoId: photo.id });
        }
        const autoPairs = matchInTakenOrder(photos);
        // Afters shot with no before on offer stay unpaired; Auto Pair All pairs them with later befores.
        const leftOver = matchInTakenOrder(getUnpairedPhotos(photos, shotPairs));
        const byAfter = (pairs: typeof shotPairs) => [...pairs].sort((a, b) => a.afterPhotoId - b.afterPhotoId);
        for (const pair of shotPairs) expect(autoPairs).toContainEqual(pair);
        expect(byAfter([...shotPairs, ...leftOver])).toHaveLength(autoPairs.length);
      }),
    );
  });
});
