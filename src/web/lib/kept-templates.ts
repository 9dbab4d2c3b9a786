// New Report from a template works with no signal (decision 018): the job templates are fetched
// once the app is idle after it opens online, and kept on the device with the reports
// (persisted-queries.ts), so a phone that never opened New Report online still has them.
import { queryClient } from './query-client';
import { TEMPLATES_QUERY_KEY } from './query-keys';

/** Fetches the templates when online and not fetched in this visit (the kept copy is marked stale at start). */
export function keepTemplatesOnDevice(): void {
  if (!navigator.onLine) return;
  void queryClient.prefetchQuery({ queryKey: TEMPLATES_QUERY_KEY }).catch(() => undefined);
}
