import './i18n/register';
import type {
  TBillingInfoWithTaxResponse,
  TOrderTotals,
  TPaymentMethod,
} from '@app/contracts/billing';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../load-error';
import { BillingSummary } from './billing-summary';
import { CheckoutSection } from './checkout-section';
import { OrderTotals } from './order-totals';
import { PaymentMethodLabel } from './payment-method-label';

type OrderScreenProps = {
  summary: ReactNode;
  billingQuery: UseQueryResult<TBillingInfoWithTaxResponse>;
  isBillingReady: boolean;
  methodsQuery: UseQueryResult<TPaymentMethod[]>;
  paymentMethod: TPaymentMethod | null;
  couponSection?: ReactNode;
  totals: TOrderTotals | undefined;
  error: string | null;
  isPaying: boolean;
  canProceed: boolean;
  onEditBilling: () => void;
  onChangeMethod: () => void;
  onCancel: () => void;
  onProceed: () => void;
};

/**
 * The spec's mainScreen: order summary, billing info, payment method, coupon and totals, then
 * CANCEL and PROCEED TO PAYMENT.
 */
export function OrderScreen(props: OrderScreenProps) {
  const { t } = useTranslation();
  const { billingQuery, methodsQuery, paymentMethod, totals } = props;
  const billing = billingQuery.data;
  const methods = methodsQuery.data ?? [];
  return (
    <>
      <CheckoutSection title={t('payment.checkout.summary')}>{props.summary}</CheckoutSection>
      <CheckoutSection
        title={t('payment.checkout.billingInfo')}
        action={
          <Button size="small" onClick={props.onEditBilling} disabled={!billingQuery.isSuccess}>
            {t('payment.actions.edit')}
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
        {billingQuery.isSuccess && !props.isBillingReady ? (
          <Alert severity="warning">{t('payment.checkout.billingIncomplete')}</Alert>
        ) : null}
      </CheckoutSection>
      <CheckoutSection
        title={t('payment.checkout.paymentMethod')}
        action={
          <Button size="small" disabled={!methodsQuery.isSuccess} onClick={props.onChangeMethod}>
            {methods.length === 0 ? t('payment.paymentMethods.add') : t('payment.actions.change')}
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
          <Typography color="text.secondary">{t('payment.paymentMethods.none')}</Typography>
        ) : null}
      </CheckoutSection>
      {props.couponSection === undefined ? null : (
        <CheckoutSection title={t('payment.coupon.title')}>{props.couponSection}</CheckoutSection>
      )}
      <CheckoutSection title={t('payment.totals.title')}>
        {totals === undefined || billing === undefined ? (
          <Skeleton width="40%" />
        ) : (
          <OrderTotals totals={totals} tax={billing.tax} />
        )}
      </CheckoutSection>
      {props.error === null ? null : <Alert severity="error">{props.error}</Alert>}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={props.onCancel} disabled={props.isPaying}>
          {t('payment.actions.cancelUpper')}
        </Button>
        <Button
          variant="contained"
          disabled={!props.canProceed}
          loading={props.isPaying}
          onClick={props.onProceed}
        >
          {t('payment.checkout.proceed')}
        </Button>
      </Box>
    </>
  );
}
