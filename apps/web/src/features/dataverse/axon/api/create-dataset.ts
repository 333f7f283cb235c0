import type { TLoaderDatasetRequest, TMyDataset } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';
import { axonKeys } from './query-keys';

/** A new dataset of the team from its metadata: unpublished, no data yet. */
export function createDataset(request: TLoaderDatasetRequest) {
  return apiClient.post<TMyDataset>('/loader/dataset', { body: request });
}

export function useCreateDataset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDataset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: axonKeys.all }),
  });
}
