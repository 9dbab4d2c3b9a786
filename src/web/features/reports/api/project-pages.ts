// The reports list a page at a time (GET /api/projects?limit=30&before={id}&q=…): newest first,
// keyset by id, so a report made while scrolling never shifts the next page. The pages sit under
// the list's own key, so they are kept for offline use with it (persisted-queries.ts).
import { keepPreviousData, skipToken, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ProjectSummary } from '@shared/contract/projects';
import { api } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';
import { PROJECTS_QUERY_KEY } from '../../../lib/query-keys';

export const PROJECT_PAGE_SIZE = 30;

/** Every search's pages: [listProjects' path, 'pages', search text, client id or 0]. */
export const projectPagesKey = (search: string, clientId = 0) => [...PROJECTS_QUERY_KEY, 'pages', search, clientId] as const;

/** After a report is made, changed or deleted: every list of pages is asked for again. */
export function invalidateProjectPages(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [...PROJECTS_QUERY_KEY, 'pages'] });
}

/** `clientId`: only that client's reports. */
export function useProjectPages(search: string, clientId = 0) {
  return useInfiniteQuery({
    queryKey: projectPagesKey(search, clientId),
    queryFn: ({ pageParam, signal }) =>
      api.listProjects(
        {
          query: {
            limit: String(PROJECT_PAGE_SIZE),
            ...(pageParam ? { before: String(pageParam) } : {}),
            ...(search ? { q: search } : {}),
            ...(clientId ? { clientId: String(clientId) } : {}),
          },
        },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last: ProjectSummary[]) => (last.length < PROJECT_PAGE_SIZE ? undefined : last.at(-1)?.id),
    // While a new search is on its way, the last results stay on screen instead of skeletons.
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
    refetchOnReconnect: 'always',
  });
}

/**
 * Reports this device knows of that no page has yet: one made offline (a negative id, waiting in
 * the outbox) or just made (put in the whole list's cache as it was created). Pages fetched after
 * the whole list last changed already hold every server report: a report there and not in them
 * was deleted, and is not offered again.
 */
export function useReportsNotInPages(pages: readonly ProjectSummary[], pagesUpdatedAt: number): ProjectSummary[] {
  const { data: known, dataUpdatedAt: knownUpdatedAt } = useQuery<ProjectSummary[]>({ queryKey: PROJECTS_QUERY_KEY, queryFn: skipToken });
  if (!known) return [];
  const pagesAreNewer = pagesUpdatedAt > knownUpdatedAt;
  const newestPaged = pages[0]?.id ?? 0;
  const paged = new Set(pages.map((project) => project.id));
  return known.filter((project) => !paged.has(project.id) && (project.id < 0 || (!pagesAreNewer && project.id > newestPaged)));
}

/** Case- and accent-blind "contains", as the server's search: for searching what is kept offline. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Every report kept on this device (seen pages of any search and the whole list), newest first, once each. */
export function keptReports(): ProjectSummary[] {
  const byId = new Map<number, ProjectSummary>();
  for (const [, data] of queryClient.getQueriesData<ProjectSummary[] | { pages: ProjectSummary[][] }>({ queryKey: PROJECTS_QUERY_KEY })) {
    const list = Array.isArray(data) ? data : data && 'pages' in data ? data.pages.flat() : [];
    for (const project of list) if (project && typeof project.id === 'number' && 'clientName' in project) byId.set(project.id, project);
  }
  // Made offline (negative ids) first, then newest first.
  const rank = (project: ProjectSummary) => (project.id < 0 ? Number.MAX_SAFE_INTEGER + project.id : project.id);
  return [...byId.values()].sort((a, b) => rank(b) - rank(a));
}
