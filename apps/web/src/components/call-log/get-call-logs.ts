import type { TUsageLogsResponse, UsagePeriod } from '@app/contracts/neuron-access';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

/** The team's latest calls of a neuron in a period, newest first (at most 200). */
export function getCallLogs(options: {
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

export const callLogKeys = {
  neuron: (neuron: string) => ['call-logs', neuron] as const,
  logs: (neuron: string, period: UsagePeriod) => [...callLogKeys.neuron(neuron), period] as const,
};

export function callLogsQueryOptions(neuron: string, period: UsagePeriod) {
  return queryOptions({
    queryKey: callLogKeys.logs(neuron, period),
    queryFn: ({ signal }) => getCallLogs({ neuron, period, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCallLogs(neuron: string, period: UsagePeriod) {
  return useQuery(callLogsQueryOptions(neuron, period));
}
