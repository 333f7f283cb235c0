import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { nucleusKeys } from './query-keys';

/** A finished run's quality report, as the engine wrote it (read by `utils/report.ts`). */
export function getRunReport(
  runId: string,
  { signal, table = null }: { signal?: AbortSignal; table?: string | null } = {},
) {
  const query = table === null ? '' : `?${new URLSearchParams({ table }).toString()}`;
  return apiClient.get<Record<string, unknown>>(
    `/sinteza/run/${encodeURIComponent(runId)}/report${query}`,
    signal ? { signal } : {},
  );
}

/** `table`: which table of a relational run (null for a run of one table). */
export function useRunReport(runId: string, options: { enabled: boolean; table?: string | null }) {
  const table = options.table ?? null;
  return useQuery({
    queryKey: nucleusKeys.runReport(runId, table),
    queryFn: ({ signal }) => getRunReport(runId, { signal, table }),
    enabled: options.enabled,
    staleTime: Infinity,
  });
}
