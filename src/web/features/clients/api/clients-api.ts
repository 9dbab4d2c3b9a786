// Clients (GET/POST /api/clients, GET /api/clients/{id}): their queries sit under the list's own
// key, so what was seen online is kept for offline use (persisted-queries.ts keeps that root too).
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { Client, CreateClientBody } from '@shared/contract/clients';
import { api } from '../../../lib/api';
import { apiQueryKey } from '../../../lib/api/api-paths';
import { CLIENTS_QUERY_KEY } from '../../../lib/query-keys';
import { queryClient } from '../../../lib/query-client';

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

export function useClient(clientId: number) {
  return useQuery({
    queryKey: clientQueryKey(clientId),
    queryFn: ({ signal }) => api.getClient({ params: { id: clientId } }, { signal }),
    refetchOnMount: 'always',
  });
}

export function useCreateClient() {
  return useMutation({
    mutationFn: (body: CreateClientBody) => api.createClient({ body }),
    onSuccess: (client: Client) => {
      queryClient.setQueryData(clientQueryKey(client.id), client);
      void queryClient.invalidateQueries({ queryKey: CLIENTS_QUERY_KEY });
    },
  });
}
