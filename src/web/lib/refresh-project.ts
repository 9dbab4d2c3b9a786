import { queryClient } from './query-client';
import { PROJECTS_QUERY_KEY } from './query-keys';

/** Refreshes the open report and the list, whole or in pages (its counts and names). */
export function refreshProject(projectId: number): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: PROJECTS_QUERY_KEY,
    predicate: (query) => query.queryKey.length === 1 || query.queryKey[1] === projectId || query.queryKey[1] === 'pages',
  });
}
