import type { TAccountsResponse } from '@app/contracts/financial-viewer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { financialViewerKeys } from './query-keys';

/** The team's accounts and cards with the summary boxes; `accountTypes` e.g. `ACCOUNT,CARD`. */
export function getAccounts(options: { accountTypes?: string; signal?: AbortSignal } = {}) {
  const { accountTypes, signal } = options;
  const query = accountTypes ? `?accountTypes=${encodeURIComponent(accountTypes)}` : '';
  return apiClient.get<TAccountsResponse>(
    `/financialviewer/account${query}`,
    signal ? { signal } : {},
  );
}

export function accountsQueryOptions(accountTypes?: string) {
  return queryOptions({
    queryKey: financialViewerKeys.accounts(accountTypes),
    queryFn: ({ signal }) => getAccounts({ ...(accountTypes ? { accountTypes } : {}), signal }),
  });
}

export function useAccounts(options: { accountTypes?: string; enabled?: boolean } = {}) {
  const { accountTypes, enabled = true } = options;
  return useQuery({ ...accountsQueryOptions(accountTypes), enabled });
}
