import './i18n/register';
import { VALIDATION, ZEmail } from '@app/contracts/common';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../form-text-field';
import { useCurrentUser } from '../../lib/auth';
import { setServerFieldErrors } from '../../lib/form-errors';
import { addSandboxPaymentMethod } from './api/confirm-setup-intent';
import { AddMethodForm, useAddMethodSave, type MethodFormProps } from './add-method-form';

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
export function SepaHolderFields<T extends SepaHolder>({ control }: { control: Control<T> }) {
  const { t } = useTranslation();
  // A form with more fields (the sandbox's IBAN) has these two: react-hook-form's Control is
  // invariant in its values, so it is narrowed by hand.
  const holderControl = control as unknown as Control<SepaHolder>;
  return (
    <>
      <FormTextField
        control={holderControl}
        name="accountHolderName"
        label={t('payment.iban.accountHolderName')}
        autoComplete="name"
        required
      />
      <FormTextField
        control={holderControl}
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
  const save = useAddMethodSave({
    save: addSandboxPaymentMethod,
    onAdded,
    showOnFields: (error) =>
      setServerFieldErrors(error, form.setError, ['iban', 'accountHolderName', 'email'], (name) => [
        `sepa.${name}`,
      ]),
  });

  const onSubmit = form.handleSubmit((sepa) => {
    save.submit({ sepa });
  });

  return (
    <AddMethodForm
      {...save.state}
      label={t('payment.iban.title')}
      submitLabel={t('payment.iban.submit')}
      isComplete={isComplete}
      onSubmit={onSubmit}
      onCancel={onCancel}
    >
      <FormTextField
        control={form.control}
        name="iban"
        label={t('payment.iban.iban')}
        placeholder="ES91 2100 0418 4502 0005 1332"
        maxLength={42}
        required
      />
      <SepaHolderFields control={form.control} />
      <Alert severity="info">
        {t(mandateUse === 'purchase' ? 'payment.iban.purchaseMandate' : 'payment.iban.mandate')}
      </Alert>
    </AddMethodForm>
  );
}
