import type { TPromotionCodeResponse, TSubscribeResponse } from '@app/contracts/billing';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutStep } from '../../../components/payment/checkout';
import { CheckoutDialog } from '../../../components/payment/checkout-dialog';
import { CouponField } from '../../../components/payment/coupon-field';
import { formatEuroCents } from '../../../lib/format';
import { changePlan } from '../api/change-plan';
import { paySubscription } from '../api/pay-subscription';
import { subscribe } from '../api/subscribe';
import { getPaymentOutcome } from '../utils/payment-outcome';
import type { Purchase } from '../utils/purchase';

type PaymentDialogProps = {
  purchase: Purchase | null;
  onClose: () => void;
};

/** A subscription's payment (spec 000 §2): the shared payment dialog for a plan. */
export function PaymentDialog({ purchase, onClose }: PaymentDialogProps) {
  return purchase === null ? null : (
    <SubscriptionCheckout key={purchase.priceId} purchase={purchase} onClose={onClose} />
  );
}

function SubscriptionCheckout({
  purchase: initial,
  onClose,
}: {
  purchase: Purchase;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [purchase, setPurchase] = useState(initial);
  const [coupon, setCoupon] = useState<TPromotionCodeResponse | null>(null);

  /** A refused payment leaves the subscription to pay ("Go to Pay") with another try. */
  const onFailed = (subscriptionId: string) => {
    setPurchase({ ...purchase, mode: 'pay', subscriptionId, paymentIntent: null });
  };

  const charge = (paymentId: string): Promise<TSubscribeResponse> => {
    const base = { priceId: purchase.priceId, planCode: purchase.planCode, paymentId };
    if (purchase.mode === 'pay' && purchase.subscriptionId) {
      return paySubscription({ id: purchase.subscriptionId, paymentId });
    }
    if (purchase.mode === 'change' && purchase.subscriptionId) {
      return changePlan({
        neuron: purchase.neuron,
        request: { ...base, internalId: purchase.subscriptionId },
      });
    }
    return subscribe({
      neuron: purchase.neuron,
      request: coupon === null ? base : { ...base, promotionCode: coupon.code },
    });
  };

  const submit = async (paymentId: string): Promise<CheckoutStep> => {
    const response = await charge(paymentId);
    const subscriptionId = response.subscription.id;
    const outcome = getPaymentOutcome({ response, isPlanChange: purchase.mode === 'change' });
    if (outcome.kind === 'requiresAction') {
      return {
        kind: 'requiresAction',
        action: outcome.action,
        onFailed: () => {
          onFailed(subscriptionId);
        },
      };
    }
    // The subscription exists now: another method pays it ("Go to Pay").
    if (outcome.kind === 'failed') onFailed(subscriptionId);
    return { kind: 'result', result: outcome };
  };

  // A card that still awaits its 3-D Secure answer is authenticated, not charged again.
  const intent = purchase.paymentIntent;
  const subscriptionId = purchase.subscriptionId;
  const pendingAction =
    intent?.status === 'requires_action' && subscriptionId !== undefined
      ? {
          action: intent,
          paymentMethodId: intent.paymentMethodId,
          onFailed: () => {
            onFailed(subscriptionId);
          },
        }
      : null;

  return (
    <CheckoutDialog
      summary={
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <Box>
            <Typography sx={{ fontWeight: 600 }}>{purchase.productName}</Typography>
            <Typography color="text.secondary">
              {purchase.interval === null
                ? purchase.planName
                : `${purchase.planName} · ${t(
                    purchase.interval === 'YEAR'
                      ? 'billing.intervals.YEAR'
                      : 'billing.intervals.MONTH',
                  )}`}
            </Typography>
          </Box>
          <Typography sx={{ fontWeight: 600 }}>{formatEuroCents(purchase.priceCents)}</Typography>
        </Box>
      }
      subtotalCents={purchase.priceCents}
      discount={coupon?.coupon ?? purchase.discount ?? null}
      couponSection={
        purchase.mode === 'subscribe' ? (
          <CouponField priceId={purchase.priceId} coupon={coupon} onChange={setCoupon} />
        ) : undefined
      }
      pendingAction={pendingAction}
      submit={submit}
      onClose={onClose}
    />
  );
}
