import type { TRun } from '@app/contracts/nucleus';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { isActiveStatus } from '../utils/run-status';
import { nucleusKeys } from './query-keys';

export function getRun(runId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<TRun>(`/sinteza/run/${encodeURIComponent(runId)}`, signal ? { signal } : {});
}

/** One run; polled while it is queued or running. */
export function useRun(runId: string, options: { pollMs?: number } = {}) {
  return useQuery({
    queryKey: nucleusKeys.run(runId),
    queryFn: ({ signal }) => getRun(runId, { signal }),
    refetchInterval: (current) =>
      current.state.data !== undefined && isActiveStatus(current.state.data.status)
        ? (options.pollMs ?? 1500)
        : false,
  });
}
