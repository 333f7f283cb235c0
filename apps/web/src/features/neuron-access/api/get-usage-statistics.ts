import type { TUsageStatisticsResponse, UsagePeriod } from '@app/contracts/neuron-access';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { neuronAccessKeys } from './query-keys';

/** The team's calls of a neuron over a period ending now: totals, per day, and this month's. */
export function getUsageStatistics(options: {
  neuron: string;
  period: UsagePeriod;
  signal?: AbortSignal;
}) {
  const { neuron, period, signal } = options;
  return apiClient.get<TUsageStatisticsResponse>(
    `/statistics/${encodeURIComponent(neuron)}/${period}`,
    signal ? { signal } : {},
  );
}

export function usageStatisticsQueryOptions(neuron: string, period: UsagePeriod) {
  return queryOptions({
    queryKey: neuronAccessKeys.statistics(neuron, period),
    queryFn: ({ signal }) => getUsageStatistics({ neuron, period, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUsageStatistics(neuron: string, period: UsagePeriod) {
  return useQuery(usageStatisticsQueryOptions(neuron, period));
}
