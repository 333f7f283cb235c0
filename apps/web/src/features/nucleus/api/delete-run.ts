import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { nucleusKeys } from './query-keys';

/** Deletes a run with its files. */
export function deleteRun(runId: string) {
  return apiClient.delete(`/sinteza/run/${encodeURIComponent(runId)}`);
}

export function useDeleteRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRun,
    onSuccess: (_, runId) => {
      queryClient.removeQueries({ queryKey: nucleusKeys.run(runId) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: nucleusKeys.runs() }),
        queryClient.invalidateQueries({ queryKey: nucleusKeys.usage() }),
      ]);
    },
  });
}
