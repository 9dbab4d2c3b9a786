import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ELLIPSIS, fitWithin, toSingleLine, truncateToWidth } from './text-fit';

// One unit per code point: easy to reason about.
const measure = (text: string) => Array.from(text).length;

describe('truncateToWidth', () => {
  it('leaves text that fits alone', () => {
    expect(truncateToWidth('Kitchen', measure, 7)).toBe('Kitchen');
  });

  it('cuts at a code point, drops trailing space and adds an ellipsis', () => {
    expect(truncateToWidth('Kitchen and bathroom', measure, 9)).toBe(`Kitchen${ELLIPSIS}`);
    expect(truncateToWidth('😀😀😀😀', measure, 3)).toBe(`😀😀${ELLIPSIS}`);
  });

  it('always fits and is a prefix of the input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.integer({ min: 1, max: 60 }), (text, max) => {
        const result = truncateToWidth(text, measure, max);
        expect(measure(result)).toBeLessThanOrEqual(Math.max(max, 1));
        if (result !== text) {
          expect(result.endsWith(ELLIPSIS)).toBe(true);
          expect(text.startsWith(result.slice(0, -1))).toBe(true);
        }
      }),
    );
  });
});

describe('fitWithin', () => {
  it('scales to the limiting side and keeps the aspect ratio', () => {
    expect(fitWithin({ width: 1024, height: 768 }, { width: 85, height: 85 })).toEqual({ width: 85, height: 63.75 });
    expect(fitWithin({ width: 300, height: 100 }, { width: 18, height: 12 })).toEqual({ width: 18, height: 6 });
    expect(fitWithin({ width: 100, height: 300 }, { width: 18, height: 12 })).toEqual({ width: 4, height: 12 });
  });
});

describe('toSingleLine', () => {
  it('turns line breaks, tabs and control characters into single spaces', () => {
    expect(toSingleLine('  Kitchen\n\nand\tbath\u0000room\u2028 ')).toBe('Kitchen and bath room');
  });
});
