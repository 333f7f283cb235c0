import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';
import { axonKeys } from './query-keys';

/** Puts the dataset in the catalogue, or withdraws it. */
export function publishDataset(options: { datasetId: string; isPublished: boolean }) {
  return apiClient.put(`/loader/dataset/${encodeURIComponent(options.datasetId)}/publish`, {
    body: { isPublished: options.isPublished },
  });
}

export function usePublishDataset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishDataset,
    onSettled: () => queryClient.invalidateQueries({ queryKey: axonKeys.all }),
  });
}
