// The team page's calls: the members and pending invites (GET /api/team), inviting, revoking an
// invite, changing a member (role, active) and a sign-in link for a member's new phone. Each
// change reads the team again, so the page shows what the server now holds.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { CreateInviteBody, UpdateMemberBody } from '@shared/contract/team';
import { api } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';
import { TEAM_QUERY_KEY } from '../../../lib/query-keys';

const readTeamAgain = () => queryClient.invalidateQueries({ queryKey: TEAM_QUERY_KEY });

export function useTeam() {
  return useQuery({
    queryKey: TEAM_QUERY_KEY,
    queryFn: ({ signal }) => api.getTeam(undefined, { signal }),
    refetchOnMount: 'always',
  });
}

export function useCreateInvite() {
  return useMutation({
    mutationFn: (body: CreateInviteBody) => api.createInvite({ body }),
    onSuccess: readTeamAgain,
  });
}

export function useRevokeInvite() {
  return useMutation({
    mutationFn: (inviteId: number) => api.revokeInvite({ params: { id: inviteId } }),
    onSuccess: readTeamAgain,
  });
}

export function useUpdateMember() {
  return useMutation({
    mutationFn: ({ memberId, change }: { memberId: number; change: UpdateMemberBody }) => api.updateMember({ params: { id: memberId }, body: change }),
    onSuccess: readTeamAgain,
  });
}

export function useCreateSignInLink() {
  return useMutation({
    mutationFn: (memberId: number) => api.createSignInLink({ params: { id: memberId } }),
  });
}
