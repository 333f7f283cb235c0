import './i18n/register';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddPaymentMethod } from './api/confirm-setup-intent';
import { getAddMethodError } from './payment-method-errors';

/** What a card or IBAN form is told: the new method once saved, or that the user gave up. */
export type MethodFormProps = {
  onAdded: (paymentMethodId: string | null) => void;
  onCancel: () => void;
};

/** What the frame shows of a save: its error, and whether it is under way. */
type SaveState = { error: string | null; isPending: boolean };

/**
 * The save of a card or IBAN form with the gateway's `save`: on failure, `showOnFields` puts
 * what it can on the fields (the sandbox's field errors) and the frame shows the rest.
 */
export function useAddMethodSave<TInput>(options: {
  save: (input: TInput) => Promise<string | null>;
  onAdded: MethodFormProps['onAdded'];
  showOnFields?: (error: unknown) => boolean;
}) {
  const { t } = useTranslation();
  const add = useAddPaymentMethod(options.save);
  const [error, setError] = useState<string | null>(null);
  const submit = (input: TInput) => {
    setError(null);
    add.mutate(input, {
      onSuccess: options.onAdded,
      onError: (failure) => {
        if (options.showOnFields?.(failure) !== true) setError(getAddMethodError(t, failure));
      },
    });
  };
  const state: SaveState = { error, isPending: add.isPending };
  return { submit, state };
}

type AddMethodFormProps = SaveState &
  Pick<MethodFormProps, 'onCancel'> & {
    /** The form's accessible name. */
    label: string;
    submitLabel: string;
    isComplete: boolean;
    onSubmit: () => unknown;
    children: ReactNode;
  };

/** The frame every card or IBAN form shares: its error, its fields, Cancel and the save button. */
export function AddMethodForm({
  label,
  submitLabel,
  error,
  isComplete,
  isPending,
  onSubmit,
  onCancel,
  children,
}: AddMethodFormProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="form"
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
      sx={{ display: 'grid', gap: 2, maxWidth: 420 }}
    >
      {error === null ? null : <Alert severity="error">{error}</Alert>}
      {children}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={isPending}>
          {t('payment.actions.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!isComplete || isPending}
          loading={isPending}
        >
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
