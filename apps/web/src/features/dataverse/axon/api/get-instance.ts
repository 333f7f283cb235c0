import type { TInstance } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';
import { axonKeys } from './query-keys';

/** How often a version being profiled is asked for its progress. */
export const PROFILING_POLL_MS = 1000;

export function getInstance(options: { datasetId: string; dsiId: string }) {
  const dataset = encodeURIComponent(options.datasetId);
  return apiClient.get<TInstance>(
    `/loader/dataset/${dataset}/instance/${encodeURIComponent(options.dsiId)}`,
  );
}

/** A version of the team's dataset, asked again every second while the job profiles it. */
export function useInstance(options: { datasetId: string; dsiId: string }, isEnabled = true) {
  return useQuery({
    enabled: isEnabled,
    queryKey: axonKeys.instance(options.datasetId, options.dsiId),
    queryFn: () => getInstance(options),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'PROFILING' || status === 'UPLOADING' ? PROFILING_POLL_MS : false;
    },
  });
}
