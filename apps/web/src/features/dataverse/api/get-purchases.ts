import type { TPurchasesResponse } from '@app/contracts/dataverse';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { dataverseKeys } from './query-keys';

/** A page of the team's purchases, newest first. */
export function getPurchases(
  options: { page: number; pageSize: number },
  { signal }: { signal?: AbortSignal } = {},
) {
  const params = new URLSearchParams({
    page: String(options.page),
    pageSize: String(options.pageSize),
  });
  return apiClient.get<TPurchasesResponse>(
    `/dataverse/purchases?${params.toString()}`,
    signal ? { signal } : {},
  );
}

export function usePurchases(options: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: dataverseKeys.purchaseList(options.page, options.pageSize),
    queryFn: ({ signal }) => getPurchases(options, { signal }),
    placeholderData: keepPreviousData,
  });
}
