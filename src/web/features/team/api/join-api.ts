// The public side of the crew: what an invite is for (GET /api/join/{token}), joining from it, and
// a sign-in link. Joining and a sign-in link answer as POST /api/login does, so they sign in the
// way the login form does (signInThrough).
import { useMutation, useQuery } from '@tanstack/react-query';
import type { JoinBody } from '@shared/contract/team';
import { api } from '../../../lib/api';
import { apiQueryKey } from '../../../lib/api/api-paths';
import { signInThrough } from '../../../lib/sign-in';

export function useInvitePreview(token: string) {
  return useQuery({
    queryKey: apiQueryKey('getInvite', { token }),
    queryFn: ({ signal }) => api.getInvite({ params: { token } }, { signal }),
    refetchOnMount: 'always',
  });
}

export function useJoinBusiness(token: string) {
  return useMutation({
    mutationFn: (body: JoinBody) => signInThrough(() => api.joinBusiness({ params: { token }, body })),
  });
}

/** Used only by a tap (or a script) on the page: a link preview that only GETs the page leaves the link unused. */
export function useSignInWithLink(token: string) {
  return useMutation({
    mutationFn: () => signInThrough(() => api.signInWithLink({ params: { token } })),
  });
}
