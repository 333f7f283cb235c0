import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { nucleusKeys } from './query-keys';

/** A finished run's quality report, as the engine wrote it (read by `utils/report.ts`). */
export function getRunReport(runId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<Record<string, unknown>>(
    `/sinteza/run/${encodeURIComponent(runId)}/report`,
    signal ? { signal } : {},
  );
}

export function useRunReport(runId: string, options: { enabled: boolean }) {
  return useQuery({
    queryKey: nucleusKeys.runReport(runId),
    queryFn: ({ signal }) => getRunReport(runId, { signal }),
    enabled: options.enabled,
    staleTime: Infinity,
  });
}
