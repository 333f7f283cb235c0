import './i18n/register';
import type { PaymentMethodType } from '@app/contracts/billing';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../load-error';
import { usePaymentClient } from './use-payment-client';
import type { MethodFormProps } from './add-method-form';
import { CardForm } from './card-form';
import { IbanForm, type SepaMandateUse } from './iban-form';

/** Stripe Elements and Stripe.js: downloaded only when the Stripe gateway is active. */
const StripePaymentForm = lazy(async () => ({
  default: (await import('./stripe-payment-form')).StripePaymentForm,
}));

const FORM_SKELETON = <Skeleton variant="rounded" height={120} sx={{ maxWidth: 420 }} />;

/** Adds a card or a SEPA bank account (IBAN), with the active gateway's form. */
export function AddPaymentMethod({
  onAdded,
  onCancel,
  mandateUse,
}: MethodFormProps & { mandateUse?: SepaMandateUse }) {
  const { t } = useTranslation();
  const { client, configQuery } = usePaymentClient();
  const [type, setType] = useState<PaymentMethodType>('card');

  const renderForm = () => {
    if (configQuery.isError) {
      return (
        <LoadError
          error={configQuery.error}
          onRetry={() => {
            void configQuery.refetch();
          }}
        />
      );
    }
    if (client === undefined) return FORM_SKELETON;
    if (client.gateway === 'stripe') {
      return (
        <Suspense fallback={FORM_SKELETON}>
          <StripePaymentForm
            type={type}
            publishableKey={client.publishableKey}
            locale={client.locale}
            onAdded={onAdded}
            onCancel={onCancel}
          />
        </Suspense>
      );
    }
    return type === 'card' ? (
      <CardForm onAdded={onAdded} onCancel={onCancel} />
    ) : (
      <IbanForm onAdded={onAdded} onCancel={onCancel} mandateUse={mandateUse} />
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="subtitle1" component="h2">
        {t('payment.paymentMethods.addTitle')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={type}
        aria-label={t('payment.paymentMethods.type')}
        onChange={(_, value: PaymentMethodType | null) => {
          if (value !== null) setType(value);
        }}
      >
        <ToggleButton value="card">{t('payment.paymentMethods.card')}</ToggleButton>
        <ToggleButton value="sepa_debit">{t('payment.paymentMethods.sepa')}</ToggleButton>
      </ToggleButtonGroup>
      {renderForm()}
    </Box>
  );
}
