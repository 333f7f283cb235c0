import './i18n/register';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import { IbanElement } from '@stripe/react-stripe-js';
import { useForm, useWatch } from 'react-hook-form';
import { Form } from '../form/form';
import { useTranslation } from 'react-i18next';
import { addStripeSepaAccount } from './api/confirm-stripe-setup-intent';
import {
  METHOD_FORM_WIDTH,
  MethodFormActions,
  useAddMethodSave,
  type MethodFormProps,
} from './add-method-form';
import { SepaHolderFields, useSepaHolderDefaults, ZSepaHolder } from './iban-form';
import { StripeField, useStripeElement } from './stripe-field';

/**
 * The Stripe gateway's SEPA form: Stripe's IbanElement (SEPA countries), the holder's name
 * and email, and the mandate text Stripe requires, confirmed with confirmSepaDebitSetup.
 */
export function StripeIbanForm({ onAdded, onCancel }: MethodFormProps) {
  const { t } = useTranslation();
  const element = useStripeElement();
  const save = useAddMethodSave({ save: addStripeSepaAccount, onAdded });
  const form = useForm({
    resolver: zodResolver(ZSepaHolder),
    mode: 'onTouched',
    defaultValues: useSepaHolderDefaults(),
  });
  const values = useWatch({ control: form.control });
  const isHolderComplete = ZSepaHolder.safeParse(values).success;

  return (
    <Form
      form={form}
      label={t('payment.iban.title')}
      maxWidth={METHOD_FORM_WIDTH}
      onSubmit={async (holder) => {
        const iban = element.elements?.getElement(IbanElement);
        if (element.stripe && iban) await save.submit({ stripe: element.stripe, iban, ...holder });
      }}
      describeError={save.describeError}
    >
      <StripeField label={t('payment.iban.iban')} error={element.error}>
        <IbanElement
          options={{ supportedCountries: ['SEPA'], placeholderCountry: 'ES', style: element.style }}
          onChange={element.onChange}
        />
      </StripeField>
      <SepaHolderFields />
      <Alert severity="info">{t('payment.iban.stripeMandate', { company: t('app.name') })}</Alert>
      <MethodFormActions
        submitLabel={t('payment.iban.submit')}
        isComplete={element.isComplete && isHolderComplete}
        onCancel={onCancel}
      />
    </Form>
  );
}
