import type { TRunLog } from '@app/contracts/nucleus';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { nucleusKeys } from './query-keys';

export function getRunLogs(runId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<TRunLog[]>(
    `/sinteza/run/${encodeURIComponent(runId)}/logs`,
    signal ? { signal } : {},
  );
}

/** A run's log; polled while `isLive`, and read again when the run's status changes. */
export function useRunLogs(
  runId: string,
  options: { isLive: boolean; status: string | undefined; pollMs?: number },
) {
  return useQuery({
    queryKey: [...nucleusKeys.runLogs(runId), options.status ?? ''],
    queryFn: ({ signal }) => getRunLogs(runId, { signal }),
    refetchInterval: options.isLive ? (options.pollMs ?? 1500) : false,
  });
}
