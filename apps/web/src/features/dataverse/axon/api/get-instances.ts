import type { TInstance } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';
import { axonKeys } from './query-keys';

/** Every version of the team's dataset, with status, progress and profile. */
export function getInstances(datasetId: string) {
  return apiClient.get<TInstance[]>(`/loader/dataset/${encodeURIComponent(datasetId)}/instances`);
}

export function useInstances(datasetId: string) {
  return useQuery({
    queryKey: axonKeys.instances(datasetId),
    queryFn: () => getInstances(datasetId),
  });
}
