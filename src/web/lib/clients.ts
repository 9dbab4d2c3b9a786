// Clients as every screen reads them (GET /api/clients, GET /api/clients/{id}): /clients, a
// client's page, the report editor's client field and New Report's client choice. Their queries sit
// under the list's own key, so what was seen online is kept for offline use (persisted-queries.ts
// keeps that root too).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Client } from '@shared/contract/clients';
import { api } from './api';
import { queryClient } from './query-client';
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
    // Seen in a list but never opened: shown from there (offline too) while it is asked for.
    initialData: () => (clientId === null ? undefined : keptClient(clientId)),
    initialDataUpdatedAt: 0,
  });
}

/** The client as this device last saw them: their own page, else any kept list of clients. */
export function keptClient(clientId: number): Client | undefined {
  const own = queryClient.getQueryData<Client>(clientQueryKey(clientId));
  if (own) return own;
  for (const [, list] of queryClient.getQueriesData<Client[]>({ queryKey: CLIENTS_QUERY_KEY })) {
    const found = Array.isArray(list) ? list.find((client) => client.id === clientId) : undefined;
    if (found) return found;
  }
  return undefined;
}
