import type { TRun, TSynthesizeRequest } from '@app/contracts/nucleus';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { nucleusKeys } from './query-keys';

/** Queues the synthesis of a profiled upload. */
export function synthesize(request: TSynthesizeRequest) {
  return apiClient.post<TRun>('/sinteza/synthesize', { body: request });
}

export function useSynthesize() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: synthesize,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: nucleusKeys.runs() }),
        queryClient.invalidateQueries({ queryKey: nucleusKeys.usage() }),
      ]),
  });
}
