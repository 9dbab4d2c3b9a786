import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fitWithinBox, PHOTO_BOX } from './images';

const BOX = PHOTO_BOX;

describe('fitWithinBox (spec §9: within 1024x768)', () => {
  it('scales a 12 MP landscape photo to the box width', () => {
    expect(fitWithinBox({ width: 4000, height: 3000 }, BOX)).toEqual({ width: 1024, height: 768 });
    expect(fitWithinBox({ width: 1920, height: 1080 }, BOX)).toEqual({ width: 1024, height: 576 });
  });

  it('scales a portrait photo to the box height', () => {
    expect(fitWithinBox({ width: 3000, height: 4000 }, BOX)).toEqual({ width: 576, height: 768 });
  });

  it('leaves a photo that already fits untouched (never scales up)', () => {
    expect(fitWithinBox({ width: 640, height: 480 }, BOX)).toEqual({ width: 640, height: 480 });
  });

  it('always fits the box, keeps the aspect ratio within rounding and never grows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 1, max: 20_000 }), (width, height) => {
        const out = fitWithinBox({ width, height }, BOX);
        expect(out.width).toBeLessThanOrEqual(Math.min(width, BOX.width));
        expect(out.height).toBeLessThanOrEqual(Math.min(height, BOX.height));
        expect(out.width).toBeGreaterThanOrEqual(1);
        expect(out.height).toBeGreaterThanOrEqual(1);
        // one side touches the box edge, or the photo was left alone
        const touches = out.width === BOX.width || out.height === BOX.height || (out.width === width && out.height === height);
        expect(touches).toBe(true);
        // rounding each side moves it by at most half a pixel, so the ratio drifts by at most that much
        if (out.width > 1 && out.height > 1) {
          const drift = Math.abs(out.width / out.height / (width / height) - 1);
          expect(drift).toBeLessThanOrEqual(1 / out.width + 1 / out.height);
        }
      }),
    );
  });
});
