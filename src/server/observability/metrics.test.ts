import { describe, expect, it } from 'vitest';
import { routeLabel } from './metrics.js';

describe('the route label of the request metrics', () => {
  it('is the route pattern, so a report id never becomes a label', () => {
    expect(routeLabel('/api/projects/:id/photos')).toBe('/api/projects/:id/photos');
    expect(routeLabel('/')).toBe('/');
    expect(routeLabel('/manifest.webmanifest')).toBe('/manifest.webmanifest');
  });

  it("puts the build's hashed files under one label, and requests no route matched under another", () => {
    expect(routeLabel('/assets/first-load-Bao-8iRJ.js')).toBe('/assets/*');
    expect(routeLabel('/assets/DejaVuSans-CHjR2eXl.ttf')).toBe('/assets/*');
    expect(routeLabel(undefined)).toBe('unmatched');
  });
});
