import type { TTeamResponse } from '@app/contracts/team';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Every team query key starts here; the member mutations invalidate it. */
export const TEAM_QUERY_KEY = ['team'] as const;

export function getTeam({ signal }: { signal?: AbortSignal } = {}): Promise<TTeamResponse> {
  return apiClient.get<TTeamResponse>('/team', signal ? { signal } : {});
}

export function teamQueryOptions() {
  return queryOptions({
    queryKey: TEAM_QUERY_KEY,
    queryFn: ({ signal }) => getTeam({ signal }),
  });
}

export function useTeam() {
  return useQuery(teamQueryOptions());
}
