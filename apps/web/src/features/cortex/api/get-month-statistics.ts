import type { TUsageStatisticsResponse } from '@app/contracts/neuron-access';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { cortexKeys } from './query-keys';

/** The team's use of one neuron over the last 30 days, and its calls this calendar month. */
export function getMonthStatistics(options: { neuron: string; signal?: AbortSignal }) {
  const { neuron, signal } = options;
  return apiClient.get<TUsageStatisticsResponse>(
    `/statistics/${encodeURIComponent(neuron)}/month`,
    signal ? { signal } : {},
  );
}

export function monthStatisticsQueryOptions(neuron: string) {
  return queryOptions({
    queryKey: cortexKeys.monthStatistics(neuron),
    queryFn: ({ signal }) => getMonthStatistics({ neuron, signal }),
  });
}

export function useMonthStatistics(neuron: string) {
  return useQuery(monthStatisticsQueryOptions(neuron));
}
