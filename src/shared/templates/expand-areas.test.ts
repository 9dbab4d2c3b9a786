import { describe, expect, it } from 'vitest';
import { builtInTemplates } from './built-in-templates.js';
import { expandAreas, roomCountsOf } from './expand-areas.js';

const deepClean = builtInTemplates('en').find((template) => template.id === 'deep-clean')!;

describe('expandAreas', () => {
  it('makes Bedroom 1…n and Bathroom 1…n from the counts, in template order, each with a key of its own', () => {
    const areas = expandAreas(deepClean.areas, { bedrooms: 2, bathrooms: 1 });
    expect(areas.map((area) => area.name)).toEqual([
      'Entrance',
      'Living room',
      'Dining area',
      'Kitchen',
      'Inside the oven',
      'Inside the fridge',
      'Bedroom 1',
      'Bedroom 2',
      'Bathroom 1',
      'Baseboards and windows',
    ]);
    expect(areas.map((area) => area.key)).toContain('bedroom-2');
    expect(new Set(areas.map((area) => area.key)).size).toBe(areas.length);
    expect(areas.find((area) => area.key === 'bathroom-1')).toEqual({ key: 'bathroom-1', name: 'Bathroom 1', minBefore: 2, minAfter: 2 });
  });

  it('leaves a repeated area out when its count is 0', () => {
    expect(expandAreas(deepClean.areas, { bedrooms: 0, bathrooms: 0 }).some((area) => /Bedroom|Bathroom/.test(area.name))).toBe(false);
  });

  it('counts 1 bedroom and 1 bathroom when none are given, as the server does', () => {
    expect(roomCountsOf({})).toEqual({ bedrooms: 1, bathrooms: 1 });
    expect(roomCountsOf({ bedrooms: 3 })).toEqual({ bedrooms: 3, bathrooms: 1 });
  });
});
