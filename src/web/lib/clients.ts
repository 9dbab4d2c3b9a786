// Clients as every screen reads them (GET /api/clients, GET /api/clients/{id}): /clients, a
// client's page, the report editor's client field and New Report's client choice. Their queries sit
// under the list's own key, so what was seen online is kept for offline use (persisted-queries.ts
// keeps that root too).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { apiQueryKey } from './api/api-paths';
import { CLIENTS_QUERY_KEY } from './query-keys';

export const clientQueryKey = (clientId: number) => apiQueryKey('getClient', { id: clientId });

/** The first 100 clients, most recently served first, or those the search finds. */
export function useClients(search: string) {
  return useQuery({
    queryKey: [...CLIENTS_QUERY_KEY, 'search', search],
    queryFn: ({ signal }) => api.listClients({ query: { limit: '100', ...(search ? { q: search } : {}) } }, { signal }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** One client; `null` asks for none (a report linked to no client). */
export function useClient(clientId: number | null) {
  return useQuery({
    queryKey: clientQueryKey(clientId ?? 0),
    queryFn: ({ signal }) => api.getClient({ params: { id: clientId ?? 0 } }, { signal }),
    enabled: clientId !== null,
    refetchOnMount: 'always',
  });
}
