import type { TDatasetReportResponse } from '@app/contracts/dataverse';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { dataverseKeys } from './query-keys';

/** While the server builds the report, it is asked again this often. */
export const REPORT_POLL_MS = 3000;

/** A dataset and one of its versions (the current one when none is named). */
export type ReportTarget = { datasetId: string; dsiId?: string | undefined };

/** A version's report: PREPARING while a job builds it, then READY with its address. */
export function getReport(
  target: ReportTarget,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TDatasetReportResponse> {
  const query = target.dsiId === undefined ? '' : `?dsiId=${encodeURIComponent(target.dsiId)}`;
  return apiClient.get<TDatasetReportResponse>(
    `/dataset/${encodeURIComponent(target.datasetId)}/report${query}`,
    signal ? { signal } : {},
  );
}

/** Asked only once the user wants it (`isEnabled`), then polled until it is ready. */
export function useReport(target: ReportTarget, isEnabled: boolean) {
  return useQuery({
    queryKey: dataverseKeys.report(target.datasetId, target.dsiId ?? null),
    queryFn: ({ signal }) => getReport(target, { signal }),
    enabled: isEnabled,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'PREPARING' ? REPORT_POLL_MS : false),
  });
}
