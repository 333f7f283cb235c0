import type { TPromotionCodeResponse } from '@app/contracts/billing';
import type { TDatasetEntry } from '@app/contracts/dataverse';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import type { CheckoutStep } from '../../../components/payment/checkout';
import { CheckoutDialog } from '../../../components/payment/checkout-dialog';
import { createPurchase } from '../api/create-purchase';
import { dataverseKeys } from '../api/query-keys';
import { purchasePath } from '../utils/paths';
import { purchaseStep } from '../utils/purchase-rules';
import { PurchaseSummary } from './purchase-summary';

type DatasetCheckoutProps = {
  entry: TDatasetEntry;
  dsiId: string;
  rows: number;
  priceCents: number;
  coupon: TPromotionCodeResponse | null;
  onClose: () => void;
};

/**
 * The payment dialog for rows of a dataset (spec 001 §4 Buying a dataset): a one-time
 * payment; once it succeeds or is on its way, the purchase's page.
 */
export function DatasetCheckout({
  entry,
  dsiId,
  rows,
  priceCents,
  coupon,
  onClose,
}: DatasetCheckoutProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const purchaseId = useRef<string | null>(null);

  const submit = async (paymentId: string): Promise<CheckoutStep> => {
    try {
      const response = await createPurchase({
        dsiId,
        quantity: rows,
        paymentId,
        ...(coupon === null ? {} : { promotionCode: coupon.code }),
      });
      purchaseId.current = response.purchase.id;
      return purchaseStep(response);
    } finally {
      await queryClient.invalidateQueries({ queryKey: dataverseKeys.purchases() });
    }
  };

  return (
    <CheckoutDialog
      summary={
        <PurchaseSummary
          datasetName={entry.dataset.datasetName}
          rows={rows}
          pricingValue={entry.pricingValue}
          pricingBase={entry.pricingBase}
          priceCents={priceCents}
        />
      }
      subtotalCents={priceCents}
      discount={coupon?.coupon ?? null}
      mandateUse="purchase"
      submit={submit}
      onClose={onClose}
      onDone={() => {
        if (purchaseId.current === null) onClose();
        else void navigate(purchasePath(purchaseId.current));
      }}
    />
  );
}
