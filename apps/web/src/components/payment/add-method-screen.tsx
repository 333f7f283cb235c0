import './i18n/register';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AddPaymentMethod } from './add-payment-method';
import { CheckoutSection } from './checkout-section';
import type { SepaMandateUse } from './iban-form';

/** The spec's addPayments screen: a new card or SEPA bank account, then back to the order. */
export function AddMethodScreen({
  back,
  onAdded,
  onCancel,
  mandateUse,
}: {
  back: ReactNode;
  mandateUse?: SepaMandateUse | undefined;
  onAdded: (id: string | null) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <CheckoutSection title={t('payment.checkout.addMethod')} action={back}>
      <AddPaymentMethod onAdded={onAdded} onCancel={onCancel} mandateUse={mandateUse} />
    </CheckoutSection>
  );
}
