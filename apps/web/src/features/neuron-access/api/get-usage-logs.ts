import type { TUsageLogsResponse, UsagePeriod } from '@app/contracts/neuron-access';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { neuronAccessKeys } from './query-keys';

/** The team's latest calls of a neuron in a period, newest first (at most 200). */
export function getUsageLogs(options: {
  neuron: string;
  period: UsagePeriod;
  signal?: AbortSignal;
}) {
  const { neuron, period, signal } = options;
  return apiClient.get<TUsageLogsResponse>(
    `/logs/${encodeURIComponent(neuron)}/${period}`,
    signal ? { signal } : {},
  );
}

export function usageLogsQueryOptions(neuron: string, period: UsagePeriod) {
  return queryOptions({
    queryKey: neuronAccessKeys.logs(neuron, period),
    queryFn: ({ signal }) => getUsageLogs({ neuron, period, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUsageLogs(neuron: string, period: UsagePeriod) {
  return useQuery(usageLogsQueryOptions(neuron, period));
}
