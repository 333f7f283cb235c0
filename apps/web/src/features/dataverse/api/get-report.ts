import type { TDatasetReportResponse } from '@app/contracts/dataverse';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { dataverseKeys } from './query-keys';

/** While the server builds the report, it is asked again this often. */
export const REPORT_POLL_MS = 3000;

/** The current version's report: PREPARING while a job builds it, then READY with its address. */
export function getReport(datasetId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<TDatasetReportResponse>(
    `/dataset/${datasetId}/report`,
    signal ? { signal } : {},
  );
}

/** Asked only once the user wants it (`isEnabled`), then polled until it is ready. */
export function useReport(datasetId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: dataverseKeys.report(datasetId),
    queryFn: ({ signal }) => getReport(datasetId, { signal }),
    enabled: isEnabled,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'PREPARING' ? REPORT_POLL_MS : false),
  });
}
