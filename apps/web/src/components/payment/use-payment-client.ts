import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paymentsConfigQueryOptions, usePaymentsConfig } from './api/get-payments-config';
import { billingKeys } from './api/query-keys';
import type { PaymentResult } from './payment-result-dialog';
import { createPaymentClient, toStripeLocale, type PaymentAction } from './payment-client';

/** The active gateway's browser side, once `GET /api/payments/config` has answered. */
export function usePaymentClient() {
  const { i18n } = useTranslation();
  const configQuery = usePaymentsConfig();
  const locale = toStripeLocale(i18n.language);
  const client = useMemo(
    () =>
      configQuery.data ? createPaymentClient({ config: configQuery.data, locale }) : undefined,
    [configQuery.data, locale],
  );
  return { client, configQuery };
}

/**
 * Completes a payment that awaits the card holder (3-D Secure) with the active gateway, then
 * reads the billing queries again. Answers the result to show, or null when the sandbox's
 * challenge page took over (it shows the result where it returns to).
 */
export function useCompletePaymentAction() {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  return useMutation({
    mutationFn: async (options: {
      action: PaymentAction;
      /** Where the sandbox's challenge page comes back to: the current page by default. */
      returnTo?: string | undefined;
    }): Promise<PaymentResult | null> => {
      const config = await queryClient.query(paymentsConfigQueryOptions());
      const client = createPaymentClient({ config, locale: toStripeLocale(i18n.language) });
      const outcome = await client.completeAction({
        action: options.action,
        returnTo: options.returnTo ?? location.pathname,
      });
      if (outcome.kind !== 'navigate') return outcome;
      void navigate(outcome.path);
      return null;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
