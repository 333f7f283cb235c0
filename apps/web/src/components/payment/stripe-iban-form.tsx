import './i18n/register';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import { IbanElement } from '@stripe/react-stripe-js';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { addStripeSepaAccount } from './api/confirm-stripe-setup-intent';
import { AddMethodForm, useAddMethodSave, type MethodFormProps } from './add-method-form';
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

  const onSubmit = form.handleSubmit((holder) => {
    const iban = element.elements?.getElement(IbanElement);
    if (element.stripe && iban) save.submit({ stripe: element.stripe, iban, ...holder });
  });

  return (
    <AddMethodForm
      {...save.state}
      label={t('payment.iban.title')}
      submitLabel={t('payment.iban.submit')}
      isComplete={element.isComplete && isHolderComplete}
      onSubmit={onSubmit}
      onCancel={onCancel}
    >
      <StripeField label={t('payment.iban.iban')} error={element.error}>
        <IbanElement
          options={{ supportedCountries: ['SEPA'], placeholderCountry: 'ES', style: element.style }}
          onChange={element.onChange}
        />
      </StripeField>
      <SepaHolderFields control={form.control} />
      <Alert severity="info">{t('payment.iban.stripeMandate', { company: t('app.name') })}</Alert>
    </AddMethodForm>
  );
}
