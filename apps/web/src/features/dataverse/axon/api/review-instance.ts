import type { TInstance, TUpdateInstanceRequest } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';
import { axonKeys } from './query-keys';

type InstanceTarget = { datasetId: string; dsiId: string };

function instancePath({ datasetId, dsiId }: InstanceTarget): string {
  return `/loader/dataset/${encodeURIComponent(datasetId)}/instance/${encodeURIComponent(dsiId)}`;
}

/** The seller's review of a profiled version: each column's type, target and sensitivity. */
export function reviewInstance(options: InstanceTarget & { request: TUpdateInstanceRequest }) {
  return apiClient.put<TInstance>(instancePath(options), { body: options.request });
}

/** Makes the version the dataset's current data. */
export function confirmInstance(target: InstanceTarget) {
  return apiClient.post<TInstance>(`${instancePath(target)}/confirm`);
}

/** Drops the version; the server removes its file. */
export function cancelInstance(target: InstanceTarget) {
  return apiClient.post<TInstance>(`${instancePath(target)}/cancel`);
}

function useInstanceMutation<T>(mutationFn: (options: T) => Promise<TInstance>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (instance) => {
      queryClient.setQueryData(axonKeys.instance(instance.datasetId, instance.dsiId), instance);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: axonKeys.all }),
  });
}

export function useReviewInstance() {
  return useInstanceMutation(reviewInstance);
}

export function useConfirmInstance() {
  return useInstanceMutation(confirmInstance);
}

export function useCancelInstance() {
  return useInstanceMutation(cancelInstance);
}
