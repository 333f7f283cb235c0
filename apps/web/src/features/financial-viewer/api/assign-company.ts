import type { TAccount } from '@app/contracts/financial-viewer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { financialViewerKeys } from './query-keys';

/** Puts an account under a company (an existing name, or a new one the server creates). */
export function assignCompany(options: { accountId: string; companyName: string }) {
  return apiClient.put<TAccount>(
    `/financialviewer/account/${encodeURIComponent(options.accountId)}/companyName`,
    { body: { accountCompanyName: options.companyName } },
  );
}

export function useAssignCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignCompany,
    // The filters, charts and the missing-company alert read the accounts.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: financialViewerKeys.all }),
  });
}
