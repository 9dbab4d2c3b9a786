import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { roundAxisMax } from './chart-scale';

describe('roundAxisMax', () => {
  it.each([
    [0, 1],
    [1, 1],
    [2, 2],
    [7, 8],
    [9, 10],
    [23, 25],
    [68, 80],
    [133, 150],
    [1001, 1500],
  ])('rounds a busiest day of %i up to %i', (max, expected) => {
    expect(roundAxisMax(max)).toBe(expected);
  });

  it('never cuts off the busiest day and never more than doubles it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (max) => {
        const axis = roundAxisMax(max);
        expect(axis).toBeGreaterThanOrEqual(max);
        expect(axis).toBeLessThan(max * 2 + 1);
      }),
    );
  });
});
