// Adding, changing and deleting a client (POST, PATCH, DELETE /api/clients); the list and one
// client are read through lib/clients.ts.
import { useMutation } from '@tanstack/react-query';
import type { Client, CreateClientBody, UpdateClientBody } from '@shared/contract/clients';
import { api } from '../../../lib/api';
import { clientQueryKey } from '../../../lib/clients';
import { CLIENTS_QUERY_KEY, PROJECTS_QUERY_KEY } from '../../../lib/query-keys';
import { queryClient } from '../../../lib/query-client';

export function useCreateClient() {
  return useMutation({
    mutationFn: (body: CreateClientBody) => api.createClient({ body }),
    onSuccess: (client: Client) => {
      queryClient.setQueryData(clientQueryKey(client.id), client);
      void queryClient.invalidateQueries({ queryKey: CLIENTS_QUERY_KEY });
    },
  });
}

export function useUpdateClient(clientId: number) {
  return useMutation({
    mutationFn: (body: UpdateClientBody) => api.updateClient({ params: { id: clientId }, body }),
    onSuccess: (client: Client) => {
      queryClient.setQueryData(clientQueryKey(client.id), client);
      void queryClient.invalidateQueries({ queryKey: CLIENTS_QUERY_KEY });
    },
  });
}

/** Their reports stay, with the name they were sent under, linked to no client. */
export function useDeleteClient() {
  return useMutation({
    mutationFn: (clientId: number) => api.deleteClient({ params: { id: clientId } }),
    onSuccess: (_, clientId) => {
      queryClient.removeQueries({ queryKey: clientQueryKey(clientId) });
      void queryClient.invalidateQueries({ queryKey: CLIENTS_QUERY_KEY });
      // Their reports are no longer linked: the lists are asked for again.
      void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });
    },
  });
}
