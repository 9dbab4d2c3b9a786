// The business name (spec §7): PATCH from the dialogs, PUT from /account.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { USER_QUERY_KEY } from '../../lib/query-keys';
import { queryClient } from '../../lib/query-client';

export function useUpdateBusinessName(method: 'PATCH' | 'PUT') {
  return useMutation({
    mutationFn: (businessName: string) => (method === 'PATCH' ? api.updateBusinessName : api.replaceBusinessName)({ body: { businessName } }),
    onSuccess: async (user) => {
      // spec §7: the user caches are refreshed afterwards.
      queryClient.setQueryData(USER_QUERY_KEY, user);
      await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}
