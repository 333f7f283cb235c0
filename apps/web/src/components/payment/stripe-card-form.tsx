import './i18n/register';
import { CardElement } from '@stripe/react-stripe-js';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form } from '../form/form';
import { addStripeCard } from './api/confirm-stripe-setup-intent';
import {
  METHOD_FORM_WIDTH,
  MethodFormActions,
  useAddMethodSave,
  type MethodFormProps,
} from './add-method-form';
import { StripeField, useStripeElement } from './stripe-field';

/** The Stripe gateway's card form: Stripe's CardElement, confirmed with confirmCardSetup. */
export function StripeCardForm({ onAdded, onCancel }: MethodFormProps) {
  const { t } = useTranslation();
  const element = useStripeElement();
  const save = useAddMethodSave({ save: addStripeCard, onAdded });

  // Stripe's element holds every field: the form has no values of its own.
  const form = useForm();

  return (
    <Form
      form={form}
      label={t('payment.card.title')}
      maxWidth={METHOD_FORM_WIDTH}
      onSubmit={async () => {
        const card = element.elements?.getElement(CardElement);
        if (element.stripe && card) await save.submit({ stripe: element.stripe, card });
      }}
      describeError={save.describeError}
    >
      <StripeField label={t('payment.card.details')} error={element.error}>
        <CardElement
          options={{ hidePostalCode: true, style: element.style }}
          onChange={element.onChange}
        />
      </StripeField>
      <MethodFormActions
        submitLabel={t('payment.card.submit')}
        isComplete={element.isComplete}
        onCancel={onCancel}
      />
    </Form>
  );
}
