import type { TMyDataset } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';
import { axonKeys } from './query-keys';

/** One of the team's datasets with its status, current version, views and sales. */
export function getMyDataset(datasetId: string) {
  return apiClient.get<TMyDataset>(`/axon/datasets/${encodeURIComponent(datasetId)}`);
}

export function useMyDataset(datasetId: string | null) {
  return useQuery({
    queryKey: axonKeys.myDataset(datasetId ?? ''),
    queryFn: () => getMyDataset(datasetId ?? ''),
    enabled: datasetId !== null,
  });
}
