import './i18n/register';
import { CardElement } from '@stripe/react-stripe-js';
import { useTranslation } from 'react-i18next';
import { addStripeCard } from './api/confirm-stripe-setup-intent';
import { AddMethodForm, useAddMethodSave, type MethodFormProps } from './add-method-form';
import { StripeField, useStripeElement } from './stripe-field';

/** The Stripe gateway's card form: Stripe's CardElement, confirmed with confirmCardSetup. */
export function StripeCardForm({ onAdded, onCancel }: MethodFormProps) {
  const { t } = useTranslation();
  const element = useStripeElement();
  const save = useAddMethodSave({ save: addStripeCard, onAdded });

  const onSubmit = () => {
    const card = element.elements?.getElement(CardElement);
    if (element.stripe && card) save.submit({ stripe: element.stripe, card });
  };

  return (
    <AddMethodForm
      {...save.state}
      label={t('payment.card.title')}
      submitLabel={t('payment.card.submit')}
      isComplete={element.isComplete}
      onSubmit={onSubmit}
      onCancel={onCancel}
    >
      <StripeField label={t('payment.card.details')} error={element.error}>
        <CardElement
          options={{ hidePostalCode: true, style: element.style }}
          onChange={element.onChange}
        />
      </StripeField>
    </AddMethodForm>
  );
}
