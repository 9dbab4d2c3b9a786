// PATCH (dialogs) and PUT (/account) /api/user/business-name (spec §7).
import { useMutation } from '@tanstack/react-query';
import type { User } from '@shared/contract/auth';
import { apiSend } from '../../lib/api-client';
import { USER_QUERY_KEY } from '../../lib/auth';
import { queryClient } from '../../lib/query-client';

export function useUpdateBusinessName(method: 'PATCH' | 'PUT') {
  return useMutation({
    mutationFn: (businessName: string) => apiSend<User>(method, '/api/user/business-name', { businessName }),
    onSuccess: async (user) => {
      // spec §7: the user caches are refreshed afterwards.
      queryClient.setQueryData(USER_QUERY_KEY, user);
      await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}
