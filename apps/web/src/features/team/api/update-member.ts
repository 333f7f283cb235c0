import type { TTeamMember, TUpdateMemberRequest } from '@app/contracts/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { TEAM_QUERY_KEY } from './get-team';

type UpdateMemberOptions = { id: string; request: TUpdateMemberRequest };

export function updateMember({ id, request }: UpdateMemberOptions): Promise<TTeamMember> {
  return apiClient.put<TTeamMember>(`/team/invite/${encodeURIComponent(id)}`, { body: request });
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEAM_QUERY_KEY }),
  });
}
