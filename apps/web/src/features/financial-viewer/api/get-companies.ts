import type { TCompany } from '@app/contracts/financial-viewer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { financialViewerKeys } from './query-keys';

export function getCompanies({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<TCompany[]>('/financialviewer/account/companies', signal ? { signal } : {});
}

export function companiesQueryOptions() {
  return queryOptions({
    queryKey: financialViewerKeys.companies(),
    queryFn: ({ signal }) => getCompanies({ signal }),
  });
}

export function useCompanies({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...companiesQueryOptions(), enabled });
}
