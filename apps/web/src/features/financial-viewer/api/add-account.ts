import type { TManualAccount } from '@app/contracts/financial-viewer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { financialViewerKeys } from './query-keys';

export type AddAccountResponse = { account_ids: string[] };

/** Adds the one manual account (or card) of a FILE connection. */
export function addAccount(options: { conId: string; account: TManualAccount }) {
  return apiClient.post<AddAccountResponse>(
    `/financialviewer/connection/${encodeURIComponent(options.conId)}/account`,
    { body: { accounts: [options.account] } },
  );
}

export function useAddAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: financialViewerKeys.all }),
  });
}
