// Finish job refused by the server's gate (409 areas_incomplete): the areas it still waits for,
// from the answer's `missing` list. Read by the Areas card and by the outbox runner (a finish kept
// offline and refused once sent); neither is in the first load.
import type { MissingArea } from '@shared/contract/projects';
import { ApiError } from './api-client';

/** The server's missing list, or null when the error is not the finish gate's. */
export function missingAreasOf(error: unknown): MissingArea[] | null {
  if (!(error instanceof ApiError) || error.serverCode !== 'areas_incomplete') return null;
  try {
    const { missing } = JSON.parse(error.bodyText) as { missing?: unknown };
    return Array.isArray(missing) ? (missing as MissingArea[]) : [];
  } catch {
    return [];
  }
}
