import {
  orderTotals,
  type TBillingInfo,
  type TPromotionCodeResponse,
  type TSubscribeResponse,
} from '@app/contracts/billing';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { changePlan } from '../api/change-plan';
import { useBillingInfo } from '../api/get-billing-info';
import { usePaymentMethods } from '../api/get-payment-methods';
import { paySubscription } from '../api/pay-subscription';
import { billingKeys } from '../api/query-keys';
import { subscribe } from '../api/subscribe';
import { getCountryName } from '../../../lib/countries';
import { formatEuroCents } from '../../../lib/format';
import { useCompletePaymentAction } from '../hooks/use-payment-client';
import type { PaymentAction } from '../utils/payment-client';
import { getPaymentOutcome } from '../utils/payment-outcome';
import type { Purchase } from '../utils/purchase';
import { getErrorMessage } from '../../../lib/error-message';
import { AddPaymentMethod } from './add-payment-method';
import { BillingForm, EMPTY_BILLING_INFO, isBillingComplete } from './billing-form';
import { CouponField } from './coupon-field';
import { OrderTotals } from './order-totals';
import { PaymentMethodLabel } from './payment-method-label';
import { PaymentMethodList } from './payment-method-list';
import { PaymentResultDialog, type PaymentResult } from './payment-result-dialog';

type Screen = 'main' | 'payments' | 'addPayment' | 'billing';

type PaymentDialogProps = {
  purchase: Purchase | null;
  onClose: () => void;
};

function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

function BillingSummary({ info }: { info: TBillingInfo }) {
  const { i18n } = useTranslation();
  return (
    <Box>
      <Typography>{info.companyName}</Typography>
      <Typography color="text.secondary">{info.nif}</Typography>
      <Typography color="text.secondary">{info.billingAddress}</Typography>
      <Typography color="text.secondary">
        {[info.zip, info.region, getCountryName(info.country, i18n.language)]
          .filter(Boolean)
          .join(', ')}
      </Typography>
    </Box>
  );
}

/**
 * The full-screen "Payment process" dialog (spec section 2): order summary, billing details,
 * payment method, coupon and totals, then PROCEED TO PAYMENT; inner screens choose or add a
 * payment method and edit the billing details.
 */
export function PaymentDialog({ purchase, onClose }: PaymentDialogProps) {
  return purchase === null ? null : (
    <PaymentDialogContent key={purchase.priceId} purchase={purchase} onClose={onClose} />
  );
}

function PaymentDialogContent({
  purchase: initial,
  onClose,
}: {
  purchase: Purchase;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const methodsQuery = usePaymentMethods();
  const billingQuery = useBillingInfo();
  const [purchase, setPurchase] = useState(initial);
  const [screen, setScreen] = useState<Screen>('main');
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [coupon, setCoupon] = useState<TPromotionCodeResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<PaymentResult | null>(null);

  const methods = methodsQuery.data ?? [];
  const paymentId =
    chosenId ?? methods.find((method) => method.isDefault)?.id ?? methods[0]?.id ?? null;
  const paymentMethod = methods.find((method) => method.id === paymentId) ?? null;
  const billing = billingQuery.data;
  const isBillingReady = isBillingComplete(billing);
  // The server's tax rule for these billing details: what it will invoice and charge.
  const vatRate = billing?.tax.rate;
  const totals =
    vatRate === undefined
      ? undefined
      : orderTotals({
          subtotalCents: purchase.priceCents,
          coupon: coupon?.coupon ?? purchase.discount ?? null,
          vatRatePercent: vatRate,
        });

  const pay = useMutation({
    mutationFn: (chosen: string): Promise<TSubscribeResponse> => {
      const base = { priceId: purchase.priceId, planCode: purchase.planCode, paymentId: chosen };
      if (purchase.mode === 'pay' && purchase.subscriptionId) {
        return paySubscription({ id: purchase.subscriptionId, paymentId: chosen });
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
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });

  const completeAction = useCompletePaymentAction();
  const isPaying = pay.isPending || completeAction.isPending;
  const canProceed = paymentId !== null && isBillingReady && totals !== undefined && !isPaying;

  /** A refused payment leaves the subscription to pay ("Go to Pay") with another try. */
  const onFailed = (subscriptionId: string) => {
    setPurchase({ ...purchase, mode: 'pay', subscriptionId, paymentIntent: null });
  };

  /** 3-D Secure: the sandbox's challenge page, or Stripe.js's dialog and then the result. */
  const onAction = (action: PaymentAction, subscriptionId: string) => {
    completeAction.mutate(action, {
      onSuccess: (actionResult) => {
        if (actionResult === null) return;
        if (actionResult.kind === 'failed' || actionResult.kind === 'authenticationFailed') {
          onFailed(subscriptionId);
        }
        setResult(actionResult);
      },
      onError: (failure) => {
        setError(getErrorMessage(t, failure));
      },
    });
  };

  const onProceed = () => {
    if (paymentId === null) return;
    setError(null);
    // A card that still awaits its 3-D Secure answer is authenticated, not charged again.
    const intent = purchase.paymentIntent;
    if (
      intent?.status === 'requires_action' &&
      intent.paymentMethodId === paymentId &&
      purchase.subscriptionId !== undefined
    ) {
      onAction(intent, purchase.subscriptionId);
      return;
    }
    pay.mutate(paymentId, {
      onSuccess: (response) => {
        const outcome = getPaymentOutcome({ response, isPlanChange: purchase.mode === 'change' });
        if (outcome.kind === 'requiresAction') {
          onAction(outcome.action, response.subscription.id);
          return;
        }
        // The subscription exists now: another method pays it ("Go to Pay").
        if (outcome.kind === 'failed') onFailed(response.subscription.id);
        setResult(outcome);
      },
      onError: (failure) => {
        setError(getErrorMessage(t, failure));
      },
    });
  };

  const onResultClose = () => {
    const wasFailure = result?.kind === 'failed' || result?.kind === 'authenticationFailed';
    setResult(null);
    if (wasFailure) setScreen('payments');
    else onClose();
  };

  const back = (
    <Button
      startIcon={<ArrowBackIcon />}
      onClick={() => {
        setScreen('main');
      }}
    >
      {t('billing.actions.back')}
    </Button>
  );

  return (
    <Dialog fullScreen open onClose={isPaying ? undefined : onClose} aria-labelledby={titleId}>
      <AppBar position="sticky" color="primary" elevation={0}>
        <Toolbar>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {t('billing.payment.title')}
          </Typography>
          <IconButton
            color="inherit"
            edge="end"
            aria-label={t('billing.actions.close')}
            disabled={isPaying}
            onClick={onClose}
          >
            <CloseIcon />
          </IconButton>
        </Toolbar>
      </AppBar>
      <Box
        sx={{
          width: '100%',
          maxWidth: 720,
          mx: 'auto',
          p: { xs: 2, sm: 3 },
          display: 'grid',
          gap: 2,
        }}
      >
        {screen === 'main' ? (
          <>
            <Section title={t('billing.payment.summary')}>
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
                <Typography sx={{ fontWeight: 600 }}>
                  {formatEuroCents(purchase.priceCents)}
                </Typography>
              </Box>
            </Section>
            <Section
              title={t('billing.payment.billingInfo')}
              action={
                <Button
                  size="small"
                  onClick={() => {
                    setScreen('billing');
                  }}
                  disabled={!billingQuery.isSuccess}
                >
                  {t('billing.actions.edit')}
                </Button>
              }
            >
              {billingQuery.isPending ? <Skeleton width="60%" /> : null}
              {billingQuery.isError ? (
                <LoadError
                  error={billingQuery.error}
                  onRetry={() => {
                    void billingQuery.refetch();
                  }}
                />
              ) : null}
              {billing !== undefined ? <BillingSummary info={billing} /> : null}
              {billingQuery.isSuccess && !isBillingReady ? (
                <Alert severity="warning">{t('billing.payment.billingIncomplete')}</Alert>
              ) : null}
            </Section>
            <Section
              title={t('billing.payment.paymentMethod')}
              action={
                <Button
                  size="small"
                  disabled={!methodsQuery.isSuccess}
                  onClick={() => {
                    setScreen(methods.length === 0 ? 'addPayment' : 'payments');
                  }}
                >
                  {methods.length === 0
                    ? t('billing.paymentMethods.add')
                    : t('billing.actions.change')}
                </Button>
              }
            >
              {methodsQuery.isPending ? <Skeleton width="50%" /> : null}
              {methodsQuery.isError ? (
                <LoadError
                  error={methodsQuery.error}
                  onRetry={() => {
                    void methodsQuery.refetch();
                  }}
                />
              ) : null}
              {paymentMethod !== null ? <PaymentMethodLabel method={paymentMethod} /> : null}
              {methodsQuery.isSuccess && paymentMethod === null ? (
                <Typography color="text.secondary">{t('billing.paymentMethods.none')}</Typography>
              ) : null}
            </Section>
            {purchase.mode === 'subscribe' ? (
              <Section title={t('billing.coupon.title')}>
                <CouponField priceId={purchase.priceId} coupon={coupon} onChange={setCoupon} />
              </Section>
            ) : null}
            <Section title={t('billing.totals.title')}>
              {totals === undefined || billing === undefined ? (
                <Skeleton width="40%" />
              ) : (
                <OrderTotals totals={totals} tax={billing.tax} />
              )}
            </Section>
            {error === null ? null : <Alert severity="error">{error}</Alert>}
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
              <Button onClick={onClose} disabled={isPaying}>
                {t('billing.actions.cancelUpper')}
              </Button>
              <Button
                variant="contained"
                disabled={!canProceed}
                loading={isPaying}
                onClick={onProceed}
              >
                {t('billing.payment.proceed')}
              </Button>
            </Box>
          </>
        ) : null}
        {screen === 'payments' ? (
          <Section title={t('billing.payment.choose')} action={back}>
            <PaymentMethodList methods={methods} selectedId={paymentId} onSelect={setChosenId} />
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
              <Button
                onClick={() => {
                  setScreen('addPayment');
                }}
              >
                {t('billing.paymentMethods.add')}
              </Button>
              <Button
                variant="contained"
                disabled={paymentId === null}
                onClick={() => {
                  setScreen('main');
                }}
              >
                {t('billing.payment.useMethod')}
              </Button>
            </Box>
          </Section>
        ) : null}
        {screen === 'addPayment' ? (
          <Section title={t('billing.payment.addMethod')} action={back}>
            <AddPaymentMethod
              onAdded={(id) => {
                if (id !== null) setChosenId(id);
                setScreen('main');
              }}
              onCancel={() => {
                setScreen('main');
              }}
            />
          </Section>
        ) : null}
        {screen === 'billing' ? (
          <Section title={t('billing.info.title')}>
            <BillingForm
              initial={billing ?? EMPTY_BILLING_INFO}
              onSaved={() => {
                setScreen('main');
              }}
              onCancel={() => {
                setScreen('main');
              }}
            />
          </Section>
        ) : null}
      </Box>
      <PaymentResultDialog result={result} onClose={onResultClose} />
    </Dialog>
  );
}
