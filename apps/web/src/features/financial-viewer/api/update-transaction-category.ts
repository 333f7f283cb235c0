import type {
  TUpdateCategoryRequest,
  TUpdateCategoryResponse,
} from '@app/contracts/financial-viewer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { financialViewerKeys } from './query-keys';

export type UpdateTransactionCategoryInput = { txId: string } & TUpdateCategoryRequest;

/** Sets a transaction's category, and optionally its similar ones' (the server learns it). */
export function updateTransactionCategory({ txId, ...body }: UpdateTransactionCategoryInput) {
  return apiClient.put<TUpdateCategoryResponse>(
    `/financialviewer/transaction/${encodeURIComponent(txId)}/category`,
    { body },
  );
}

export function useUpdateTransactionCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTransactionCategory,
    // Lists, charts, cashflow and forecast all derive from the categories.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: financialViewerKeys.data() }),
  });
}
