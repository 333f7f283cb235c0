import type { TImportResult } from '@app/contracts/financial-viewer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { financialViewerKeys } from './query-keys';

export const IMPORT_POLL_MILLISECONDS = 1000;

export function getImport(options: { importId: string; signal?: AbortSignal }) {
  const { importId, signal } = options;
  return apiClient.get<TImportResult>(
    `/financialviewer/import/${encodeURIComponent(importId)}`,
    signal ? { signal } : {},
  );
}

export function isImportFinished(result: TImportResult | undefined): boolean {
  return result?.status === 'DONE' || result?.status === 'FAILED';
}

/** A queued import, read every second until it is DONE or FAILED. */
export function importQueryOptions(importId: string) {
  return queryOptions({
    queryKey: financialViewerKeys.importStatus(importId),
    queryFn: ({ signal }) => getImport({ importId, signal }),
    refetchInterval: (query) =>
      isImportFinished(query.state.data) ? false : IMPORT_POLL_MILLISECONDS,
    staleTime: 0,
  });
}

export function useImport(importId: string | null) {
  return useQuery({ ...importQueryOptions(importId ?? ''), enabled: importId !== null });
}
