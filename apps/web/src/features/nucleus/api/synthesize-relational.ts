import type { TRun, TSynthesizeRelationalRequest } from '@app/contracts/nucleus';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { nucleusKeys } from './query-keys';

/** Queues the synthesis of several confirmed uploads together, keeping their keys. */
export function synthesizeRelational(request: TSynthesizeRelationalRequest) {
  return apiClient.post<TRun>('/sinteza/synthesize/relational', { body: request });
}

export function useSynthesizeRelational() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: synthesizeRelational,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: nucleusKeys.runs() }),
        queryClient.invalidateQueries({ queryKey: nucleusKeys.usage() }),
      ]),
  });
}
