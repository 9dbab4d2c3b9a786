import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { matchInTakenOrder } from './photo-pairs.service.js';

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
