import type { TRun } from '@app/contracts/nucleus';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { nucleusKeys } from './query-keys';

/** How much to draw: rows, or a relational run's root tables at a scale of their real rows. */
export type GenerateAmount = { numRows: number } | { scale: number };

/** More rows drawn with a finished run's settings, as a new run. */
export function generateRows({ runId, ...amount }: { runId: string } & GenerateAmount) {
  const query = new URLSearchParams({
    runId,
    ...('numRows' in amount
      ? { numRows: String(amount.numRows) }
      : { scale: String(amount.scale) }),
  });
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
