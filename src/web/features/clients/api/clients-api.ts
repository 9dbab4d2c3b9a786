// Adding a client (POST /api/clients); the list and one client are read through lib/clients.ts.
import { useMutation } from '@tanstack/react-query';
import type { Client, CreateClientBody } from '@shared/contract/clients';
import { api } from '../../../lib/api';
import { clientQueryKey } from '../../../lib/clients';
import { CLIENTS_QUERY_KEY } from '../../../lib/query-keys';
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
