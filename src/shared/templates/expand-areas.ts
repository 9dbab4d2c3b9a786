// The one rule that turns a template's areas into a report's: "Bedroom 1…n", "Bathroom 1…n" made
// from the counts. The server makes a report's areas with it, and the phone too, for a report made
// from a template with no signal (its areas are on screen at once, and match the server's by key).
import type { TemplateArea } from '../contract/templates.js';

export interface RoomCounts {
  bedrooms: number;
  bathrooms: number;
}

export interface ExpandedArea {
  /** Unique in the report: the template area's key, with "-n" for a repeated one. */
  key: string;
  name: string;
  minBefore: number;
  minAfter: number;
}

export function expandAreas(areas: readonly TemplateArea[], counts: RoomCounts): ExpandedArea[] {
  return areas.flatMap((entry) => {
    const base = { minBefore: entry.minBefore, minAfter: entry.minAfter };
    if (entry.repeat === null) return [{ key: entry.key, name: entry.name, ...base }];
    const count = counts[entry.repeat];
    return Array.from({ length: count }, (_, index) => ({ key: `${entry.key}-${index + 1}`, name: `${entry.name} ${index + 1}`, ...base }));
  });
}

/** The counts a report is made with: 1 each when not given (the server's default too). */
export function roomCountsOf(input: { bedrooms?: number | undefined; bathrooms?: number | undefined }): RoomCounts {
  return { bedrooms: input.bedrooms ?? 1, bathrooms: input.bathrooms ?? 1 };
}
