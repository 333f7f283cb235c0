import './i18n/register';
import type { TBillingInfo } from '@app/contracts/billing';
import { useTranslation } from 'react-i18next';
import { BillingForm, EMPTY_BILLING_INFO } from './billing-form';
import { CheckoutSection } from './checkout-section';

/** The spec's addBillingInformation screen: the billing form with SAVE and CANCEL. */
export function BillingInfoScreen({
  billing,
  onDone,
}: {
  billing: TBillingInfo | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <CheckoutSection title={t('payment.info.title')}>
      <BillingForm initial={billing ?? EMPTY_BILLING_INFO} onSaved={onDone} onCancel={onDone} />
    </CheckoutSection>
  );
}
