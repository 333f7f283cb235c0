import type { TPurchase } from '@app/contracts/dataverse';
import { hasRole } from '@app/contracts/roles';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutStep, PendingAction } from '../../../components/payment/checkout';
import { CheckoutDialog } from '../../../components/payment/checkout-dialog';
import { useCurrentUser } from '../../../lib/auth';
import { payPurchase } from '../api/pay-purchase';
import { dataverseKeys } from '../api/query-keys';
import { purchasePath } from '../utils/paths';
import { purchaseStep } from '../utils/purchase-rules';
import { PurchaseSummary } from './purchase-summary';

/** A card that still awaits its 3-D Secure answer is authenticated, not charged again. */
function pendingActionOf(purchase: TPurchase): PendingAction | null {
  const intent = purchase.paymentIntent;
  if (purchase.status !== 'REQUIRES_ACTION' || intent === null) return null;
  return {
    action: intent,
    paymentMethodId: intent.paymentMethodId,
    returnTo: purchasePath(purchase.id),
  };
}

/**
 * The way on for an unpaid order, for the members who may pay (owner, Admin): one awaiting
 * 3-D Secure is authenticated in the payment dialog; a refused one is paid again there, with
 * the same or another method. Both pay this order (its rows, code and invoice), not a new one.
 */
export function PurchasePayment({ purchase }: { purchase: TPurchase }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const [isOpen, setOpen] = useState(false);
  const canPay =
    user !== undefined && (hasRole(user.roles, 'OWNER') || hasRole(user.roles, 'ADMIN'));
  const isPayable = purchase.status === 'REQUIRES_ACTION' || purchase.status === 'PAYMENT_FAILED';
  // An open dialog stays while the order turns paid: it shows the payment's result.
  if (!canPay || (!isPayable && !isOpen)) return null;

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: dataverseKeys.purchase(purchase.id) }),
      queryClient.invalidateQueries({ queryKey: dataverseKeys.purchases() }),
    ]);
  const submit = async (paymentId: string): Promise<CheckoutStep> => {
    try {
      return purchaseStep(await payPurchase(purchase.id, paymentId));
    } finally {
      await refresh();
    }
  };
  const close = () => {
    setOpen(false);
    void refresh();
  };

  return (
    <Box>
      {isPayable ? (
        <Button
          variant="contained"
          onClick={() => {
            setOpen(true);
          }}
        >
          {t(
            purchase.status === 'REQUIRES_ACTION'
              ? 'dataverse.purchase.authenticate'
              : 'dataverse.purchase.payAgain',
          )}
        </Button>
      ) : null}
      {isOpen ? (
        <CheckoutDialog
          summary={
            <PurchaseSummary
              datasetName={purchase.datasetName}
              rows={purchase.quantity}
              pricingValue={purchase.pricingValue}
              pricingBase={purchase.pricingBase}
              priceCents={purchase.datasetPrice}
            />
          }
          subtotalCents={purchase.datasetPrice}
          discount={
            purchase.invoice.discount > 0
              ? { amountOff: purchase.invoice.discount, percentOff: null }
              : null
          }
          pendingAction={pendingActionOf(purchase)}
          mandateUse="purchase"
          submit={submit}
          onClose={close}
        />
      ) : null}
    </Box>
  );
}
