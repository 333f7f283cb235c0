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
import { useAddPaymentMethod } from '../api/confirm-setup-intent';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { getAddMethodError } from '../utils/payment-method-errors';

/** Spec section 9: a card number has 16 characters. */
export const CARD_NUMBER_LENGTH = 16;
/** Room for the number as printed on the card, in four groups: 4242 4242 4242 4242. */
const CARD_NUMBER_INPUT_LENGTH = CARD_NUMBER_LENGTH + 3;

const ZCardForm = z.object({
  number: z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{16}$/, { error: VALIDATION.cardNumber })),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, { error: VALIDATION.cardExpiry }),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, { error: VALIDATION.cardCvc }),
});

type CardFormProps = {
  onAdded: (paymentMethodId: string | null) => void;
  onCancel: () => void;
};

/** The sandbox gateway's card form: number, MM/YY expiry and CVC. */
export function CardForm({ onAdded, onCancel }: CardFormProps) {
  const { t } = useTranslation();
  const add = useAddPaymentMethod();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(ZCardForm),
    mode: 'onTouched',
    defaultValues: { number: '', expiry: '', cvc: '' },
  });
  const values = useWatch({ control: form.control });
  const isComplete = ZCardForm.safeParse(values).success;

  const onSubmit = form.handleSubmit(({ number, expiry, cvc }) => {
    setFormError(null);
    const [month = '', year = ''] = expiry.split('/');
    add.mutate(
      { card: { number, expMonth: Number(month), expYear: 2000 + Number(year), cvc } },
      {
        onSuccess: (paymentMethodId) => {
          form.reset();
          onAdded(paymentMethodId);
        },
        onError: (error) => {
          const isAnySet = setServerFieldErrors(
            error,
            form.setError,
            ['number', 'expiry', 'cvc'],
            (name) => (name === 'expiry' ? ['card.expMonth', 'card.expYear'] : [`card.${name}`]),
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
      aria-label={t('billing.card.title')}
      onSubmit={(event) => {
        void onSubmit(event);
      }}
      sx={{ display: 'grid', gap: 2, maxWidth: 420 }}
    >
      {formError === null ? null : <Alert severity="error">{formError}</Alert>}
      <FormTextField
        control={form.control}
        name="number"
        label={t('billing.card.number')}
        autoComplete="cc-number"
        inputMode="numeric"
        maxLength={CARD_NUMBER_INPUT_LENGTH}
        placeholder="4242424242424242"
        required
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
        <FormTextField
          control={form.control}
          name="expiry"
          label={t('billing.card.expiry')}
          autoComplete="cc-exp"
          placeholder={t('billing.card.expiryPlaceholder')}
          maxLength={5}
          required
        />
        <FormTextField
          control={form.control}
          name="cvc"
          label={t('billing.card.cvc')}
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          required
        />
      </Box>
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
          {t('billing.card.submit')}
        </Button>
      </Box>
    </Box>
  );
}
