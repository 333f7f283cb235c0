import type { TRun } from '@app/contracts/nucleus';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { nucleusKeys } from './query-keys';

/** More rows drawn with a finished run's settings, as a new run. */
export function generateRows({ runId, numRows }: { runId: string; numRows: number }) {
  const query = new URLSearchParams({ runId, numRows: String(numRows) });
  return apiClient.post<TRun>(`/sinteza/generate?${query.toString()}`);
}

export function useGenerateRows() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateRows,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: nucleusKeys.runs() }),
        queryClient.invalidateQueries({ queryKey: nucleusKeys.usage() }),
      ]),
  });
}
