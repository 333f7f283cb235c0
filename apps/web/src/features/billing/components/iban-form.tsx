import { ZEmail } from '@app/contracts/common';
import { VALIDATION } from '@app/contracts/common';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { useCurrentUser } from '../../../lib/auth';
import { useAddPaymentMethod } from '../api/confirm-setup-intent';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { getAddMethodError } from '../utils/payment-method-errors';

const ZIbanForm = z.object({
  iban: z
    .string()
    .transform((value) => value.replace(/\s/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, { error: VALIDATION.ibanInvalid })),
  accountHolderName: z.string().trim().min(1, { error: VALIDATION.required }),
  email: ZEmail,
});

type IbanFormProps = {
  onAdded: (paymentMethodId: string | null) => void;
  onCancel: () => void;
};

/** The sandbox gateway's SEPA form: the IBAN (SEPA countries only), holder name and email. */
export function IbanForm({ onAdded, onCancel }: IbanFormProps) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const add = useAddPaymentMethod();
  const [formError, setFormError] = useState<string | null>(null);
  const holder = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  const form = useForm({
    resolver: zodResolver(ZIbanForm),
    mode: 'onTouched',
    defaultValues: { iban: '', accountHolderName: holder, email: user?.email ?? '' },
  });
  const values = useWatch({ control: form.control });
  const isComplete = ZIbanForm.safeParse(values).success;

  const onSubmit = form.handleSubmit((sepa) => {
    setFormError(null);
    add.mutate(
      { sepa },
      {
        onSuccess: (paymentMethodId) => {
          form.reset();
          onAdded(paymentMethodId);
        },
        onError: (error) => {
          const isAnySet = setServerFieldErrors(
            error,
            form.setError,
            ['iban', 'accountHolderName', 'email'],
            (name) => [`sepa.${name}`],
          );
          if (!isAnySet) setFormError(getAddMethodError(t, error));
        },
      },
    );
  });

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('billing.iban.title')}
      onSubmit={(event) => {
        void onSubmit(event);
      }}
      sx={{ display: 'grid', gap: 2, maxWidth: 420 }}
    >
      {formError === null ? null : <Alert severity="error">{formError}</Alert>}
      <FormTextField
        control={form.control}
        name="iban"
        label={t('billing.iban.iban')}
        placeholder="ES91 2100 0418 4502 0005 1332"
        maxLength={42}
        required
      />
      <FormTextField
        control={form.control}
        name="accountHolderName"
        label={t('billing.iban.accountHolderName')}
        autoComplete="name"
        required
      />
      <FormTextField
        control={form.control}
        name="email"
        label={t('billing.iban.email')}
        type="email"
        autoComplete="email"
        required
      />
      <Alert severity="info">{t('billing.iban.mandate')}</Alert>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={add.isPending}>
          {t('billing.actions.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!isComplete || add.isPending}
          loading={add.isPending}
        >
          {t('billing.iban.submit')}
        </Button>
      </Box>
    </Box>
  );
}
