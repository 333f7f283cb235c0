import './i18n/register';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../form/form-buttons';
import { useAddPaymentMethod } from './api/confirm-setup-intent';
import { getAddMethodError } from './payment-method-errors';

/** What a card or IBAN form is told: the new method once saved, or that the user gave up. */
export type MethodFormProps = {
  onAdded: (paymentMethodId: string | null) => void;
  onCancel: () => void;
};

/** How wide a card or IBAN form grows. */
export const METHOD_FORM_WIDTH = 420;

/**
 * The save of a card or IBAN form with the gateway's `save`, for its `<Form>`: a refusal the
 * fields do not show is said in the provider's words.
 */
export function useAddMethodSave<TInput>(options: {
  save: (input: TInput) => Promise<string | null>;
  onAdded: MethodFormProps['onAdded'];
}) {
  const { t } = useTranslation();
  const add = useAddPaymentMethod(options.save);
  return {
    submit: async (input: TInput) => {
      options.onAdded(await add.mutateAsync(input));
    },
    describeError: (error: unknown, hasFieldErrors: boolean) =>
      hasFieldErrors ? null : getAddMethodError(t, error),
  };
}

type MethodFormActionsProps = Pick<MethodFormProps, 'onCancel'> & {
  submitLabel: string;
  /** Every field (the gateway's too) is filled in validly. */
  isComplete: boolean;
};

/** Cancel and the save button at the end of every card or IBAN form. */
export function MethodFormActions({ submitLabel, isComplete, onCancel }: MethodFormActionsProps) {
  const { t } = useTranslation();
  const { isSubmitting } = useFormState();
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
      <Button onClick={onCancel} disabled={isSubmitting}>
        {t('payment.actions.cancel')}
      </Button>
      <SubmitButton disabled={!isComplete}>{submitLabel}</SubmitButton>
    </Box>
  );
}
