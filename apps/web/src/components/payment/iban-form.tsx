import './i18n/register';
import { VALIDATION, ZEmail } from '@app/contracts/common';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Form } from '../form/form';
import { FormTextField } from '../form/form-text-field';
import { useCurrentUser } from '../../lib/auth';
import { addSandboxPaymentMethod } from './api/confirm-setup-intent';
import {
  METHOD_FORM_WIDTH,
  MethodFormActions,
  useAddMethodSave,
  type MethodFormProps,
} from './add-method-form';

/** Who signs the SEPA mandate: asked by the sandbox's form and by Stripe's. */
export const ZSepaHolder = z.object({
  accountHolderName: z.string().trim().min(1, { error: VALIDATION.required }),
  email: ZEmail,
});
type SepaHolder = z.infer<typeof ZSepaHolder>;

const ZIbanForm = ZSepaHolder.extend({
  iban: z
    .string()
    .transform((value) => value.replace(/\s/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, { error: VALIDATION.ibanInvalid })),
});

/** The mandate's holder and email start from the signed-in user. */
export function useSepaHolderDefaults(): SepaHolder {
  const { data: user } = useCurrentUser();
  return {
    accountHolderName: [user?.firstName, user?.lastName].filter(Boolean).join(' '),
    email: user?.email ?? '',
  };
}

/** The holder name and email fields of a SEPA form. */
export function SepaHolderFields() {
  const { t } = useTranslation();
  return (
    <>
      <FormTextField
        name="accountHolderName"
        label={t('payment.iban.accountHolderName')}
        autoComplete="name"
        required
      />
      <FormTextField
        name="email"
        label={t('payment.iban.email')}
        type="email"
        autoComplete="email"
        required
      />
    </>
  );
}

/**
 * What a new SEPA mandate is for, as its text says: the team's subscriptions (the billing
 * pages), or the one-time purchase being paid (a dataset) and later payments with the account.
 */
export type SepaMandateUse = 'subscriptions' | 'purchase';

/** The sandbox gateway's SEPA form: the IBAN (SEPA countries only), holder name and email. */
export function IbanForm({
  onAdded,
  onCancel,
  mandateUse = 'subscriptions',
}: MethodFormProps & { mandateUse?: SepaMandateUse }) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(ZIbanForm),
    mode: 'onTouched',
    defaultValues: { iban: '', ...useSepaHolderDefaults() },
  });
  const values = useWatch({ control: form.control });
  const isComplete = ZIbanForm.safeParse(values).success;
  const save = useAddMethodSave({ save: addSandboxPaymentMethod, onAdded });

  return (
    <Form
      form={form}
      label={t('payment.iban.title')}
      maxWidth={METHOD_FORM_WIDTH}
      onSubmit={(sepa) => save.submit({ sepa })}
      serverNames={(name) => [`sepa.${name}`]}
      describeError={save.describeError}
    >
      <FormTextField
        name="iban"
        label={t('payment.iban.iban')}
        placeholder="ES91 2100 0418 4502 0005 1332"
        maxLength={42}
        required
      />
      <SepaHolderFields />
      <Alert severity="info">
        {t(mandateUse === 'purchase' ? 'payment.iban.purchaseMandate' : 'payment.iban.mandate')}
      </Alert>
      <MethodFormActions
        submitLabel={t('payment.iban.submit')}
        isComplete={isComplete}
        onCancel={onCancel}
      />
    </Form>
  );
}
