import type { TRun } from '@app/contracts/nucleus';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { nucleusKeys } from './query-keys';

/** Stops a queued or running run. */
export function cancelRun(runId: string) {
  return apiClient.put<TRun>(`/sinteza/run/${encodeURIComponent(runId)}/cancel`);
}

export function useCancelRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRun,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nucleusKeys.runs() }),
  });
}
