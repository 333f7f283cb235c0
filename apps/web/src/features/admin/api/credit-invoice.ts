import type { TAdminCreditNoteRequest } from '@app/contracts/admin';
import type { TInvoice } from '@app/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_QUERY_KEYS } from './query-keys';

type CreditInvoiceRequest = TAdminCreditNoteRequest & { userId: string; invoiceId: string };

/** Issues the credit note of a paid invoice: `refund` returns the charge, `canceled` records it. */
export function creditInvoice({ userId, invoiceId, reason }: CreditInvoiceRequest) {
  return apiClient.post<TInvoice>(
    `/admin/user/${encodeURIComponent(userId)}/invoices/${encodeURIComponent(invoiceId)}/credit`,
    { body: { reason } },
  );
}

export function useCreditInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: creditInvoice,
    onSuccess: (_, request) =>
      queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEYS.userInvoices(request.userId) }),
  });
}
