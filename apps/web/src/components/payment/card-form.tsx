import './i18n/register';
import { passesLuhn } from '@app/contracts/billing';
import { VALIDATION } from '@app/contracts/common';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Form } from '../form/form';
import { FormTextField } from '../form/form-text-field';
import { addSandboxPaymentMethod } from './api/confirm-setup-intent';
import {
  METHOD_FORM_WIDTH,
  MethodFormActions,
  useAddMethodSave,
  type MethodFormProps,
} from './add-method-form';

/** Spec section 9: a card number has 16 characters. */
export const CARD_NUMBER_LENGTH = 16;
/** Room for the number as printed on the card, in four groups: 4242 4242 4242 4242. */
const CARD_NUMBER_INPUT_LENGTH = CARD_NUMBER_LENGTH + 3;

/** A card is valid until the end of the month printed on it. */
function isNotExpired(expiry: string): boolean {
  const [month = '', year = ''] = expiry.split('/');
  const now = new Date();
  const lastValidMonth = (2000 + Number(year)) * 12 + Number(month) - 1;
  return lastValidMonth >= now.getFullYear() * 12 + now.getMonth();
}

const ZCardForm = z.object({
  number: z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\d{16}$/, { error: VALIDATION.cardNumber })
        .refine(passesLuhn, { error: VALIDATION.cardNumber }),
    ),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, { error: VALIDATION.cardExpiry })
    .refine(isNotExpired, { error: VALIDATION.cardExpired }),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, { error: VALIDATION.cardCvc }),
});

/** The sandbox gateway's card form: number, MM/YY expiry and CVC. */
export function CardForm({ onAdded, onCancel }: MethodFormProps) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(ZCardForm),
    mode: 'onTouched',
    defaultValues: { number: '', expiry: '', cvc: '' },
  });
  const values = useWatch({ control: form.control });
  const isComplete = ZCardForm.safeParse(values).success;
  const save = useAddMethodSave({ save: addSandboxPaymentMethod, onAdded });

  return (
    <Form
      form={form}
      label={t('payment.card.title')}
      maxWidth={METHOD_FORM_WIDTH}
      onSubmit={({ number, expiry, cvc }) => {
        const [month = '', year = ''] = expiry.split('/');
        const card = { number, expMonth: Number(month), expYear: 2000 + Number(year), cvc };
        return save.submit({ card });
      }}
      serverNames={(name) =>
        name === 'expiry' ? ['card.expMonth', 'card.expYear'] : [`card.${name}`]
      }
      describeError={save.describeError}
    >
      <FormTextField
        name="number"
        label={t('payment.card.number')}
        autoComplete="cc-number"
        inputMode="numeric"
        maxLength={CARD_NUMBER_INPUT_LENGTH}
        placeholder="4242424242424242"
        required
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
        <FormTextField
          name="expiry"
          label={t('payment.card.expiry')}
          autoComplete="cc-exp"
          placeholder={t('payment.card.expiryPlaceholder')}
          maxLength={5}
          required
        />
        <FormTextField
          name="cvc"
          label={t('payment.card.cvc')}
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          required
        />
      </Box>
      <MethodFormActions
        submitLabel={t('payment.card.submit')}
        isComplete={isComplete}
        onCancel={onCancel}
      />
    </Form>
  );
}
