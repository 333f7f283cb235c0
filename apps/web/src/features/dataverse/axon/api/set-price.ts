import type { TDatasetPrice } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';
import { axonKeys } from './query-keys';

/** The price buyers pay from now on. */
export function setPrice(options: { datasetId: string; price: TDatasetPrice }) {
  return apiClient.put(`/loader/dataset/${encodeURIComponent(options.datasetId)}/price`, {
    body: options.price,
  });
}

export function useSetPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPrice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: axonKeys.all }),
  });
}
