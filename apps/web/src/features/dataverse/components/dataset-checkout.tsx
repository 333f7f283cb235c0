import type { TPromotionCodeResponse } from '@app/contracts/billing';
import type { TDatasetEntry } from '@app/contracts/dataverse';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CheckoutStep } from '../../../components/payment/checkout';
import { CheckoutDialog } from '../../../components/payment/checkout-dialog';
import { formatCount, formatEuroCents } from '../../../lib/format';
import { createPurchase } from '../api/create-purchase';
import { dataverseKeys } from '../api/query-keys';
import { purchasePath } from '../utils/paths';
import { purchaseStep } from '../utils/purchase-rules';
import { DatasetPrice } from './dataset-price';

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
  const { t } = useTranslation();
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
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 2 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {entry.dataset.datasetName}
            </Typography>
            <Typography color="text.secondary">
              {t('dataverse.buy.summaryRows', { count: rows, rows: formatCount(rows) })}
            </Typography>
            <DatasetPrice pricingValue={entry.pricingValue} pricingBase={entry.pricingBase} />
          </Box>
          <Typography sx={{ fontWeight: 600 }}>{formatEuroCents(priceCents)}</Typography>
        </Box>
      }
      subtotalCents={priceCents}
      discount={coupon?.coupon ?? null}
      submit={submit}
      onClose={onClose}
      onDone={() => {
        if (purchaseId.current === null) onClose();
        else void navigate(purchasePath(purchaseId.current));
      }}
    />
  );
}
