import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { TEAM_QUERY_KEY } from './get-team';

export function deleteMember(id: string): Promise<void> {
  return apiClient.delete(`/team/invite/${encodeURIComponent(id)}`);
}

export function useDeleteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEAM_QUERY_KEY }),
  });
}
