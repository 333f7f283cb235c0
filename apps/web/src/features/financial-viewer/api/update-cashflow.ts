import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { financialViewerKeys } from './query-keys';

/** Recomputes the team's cashflow from its latest transactions (spec 'updatecashflow'). */
export function updateCashflow() {
  return apiClient.post<{ accounts: number }>('/financialviewer/cashflow');
}

export function useUpdateCashflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCashflow,
    // A cashflow or forecast cached before the recomputation is out of date.
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...financialViewerKeys.data(), 'cashflow'] }),
        queryClient.invalidateQueries({ queryKey: [...financialViewerKeys.data(), 'forecast'] }),
      ]);
    },
  });
}
