import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { dataverseKeys } from './query-keys';

/** Deletes the team's dataset, or its family with every dataset of it. */
export function deleteDataset(target: { id: string; isFamily: boolean }) {
  const id = encodeURIComponent(target.id);
  return apiClient.delete(target.isFamily ? `/dataset/family/${id}` : `/dataset/${id}`);
}

export function useDeleteDataset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDataset,
    // The catalogue and Axon's lists of the team's datasets and figures.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataverseKeys.all }),
  });
}
