import type { TInviteMemberRequest, TTeamMember } from '@app/contracts/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { TEAM_QUERY_KEY } from './get-team';

export function inviteMember(request: TInviteMemberRequest): Promise<TTeamMember> {
  return apiClient.post<TTeamMember>('/team/invite', { body: request });
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEAM_QUERY_KEY }),
  });
}
