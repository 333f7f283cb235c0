import type { TUsageStatistics } from '@app/contracts/nucleus';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { nucleusKeys } from './query-keys';

/** This month's runs and rows, and the jobs working now, against the plan. */
export function getUsageStatistics({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<TUsageStatistics>('/sinteza/usage/statistics', signal ? { signal } : {});
}

export function useUsageStatistics() {
  return useQuery({
    queryKey: nucleusKeys.usage(),
    queryFn: ({ signal }) => getUsageStatistics({ signal }),
  });
}
