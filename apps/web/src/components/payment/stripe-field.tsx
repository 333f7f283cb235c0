import './i18n/register';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useTheme } from '@mui/material/styles';
import { useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeElementStyle } from '@stripe/stripe-js';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getStripeErrorMessage, type StripeErrorLike } from './stripe-errors';

type StripeFieldProps = {
  label: string;
  /** The field's error, in the user's language. */
  error: string | null;
  children: ReactNode;
};

/** A Stripe Element (a frame of Stripe's) framed like our outlined text fields. */
export function StripeField({ label, error, children }: StripeFieldProps) {
  return (
    <FormControl error={error !== null} fullWidth>
      <FormLabel sx={{ mb: 0.5 }}>{label}</FormLabel>
      <Box
        sx={{
          border: 1,
          borderColor: error === null ? 'divider' : 'error.main',
          borderRadius: 1,
          px: 1.75,
          py: 2,
        }}
      >
        {children}
      </Box>
      {error === null ? null : <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

/** The app's font and colours inside Stripe's frames. */
function useStripeElementStyle(): StripeElementStyle {
  const theme = useTheme();
  return {
    base: {
      color: theme.palette.text.primary,
      fontFamily: theme.typography.fontFamily ?? 'sans-serif',
      fontSize: '16px',
      '::placeholder': { color: theme.palette.text.secondary },
    },
    invalid: { color: theme.palette.error.main },
  };
}

/** What an Element's change event says: complete, or its error. */
type ElementChange = { complete: boolean; error?: StripeErrorLike | undefined };

/**
 * Stripe.js, the Elements group and one Element's state (its style, whether it is complete,
 * its error in the user's language) for a form inside `<Elements>`.
 */
export function useStripeElement() {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const style = useStripeElementStyle();
  const [change, setChange] = useState<ElementChange | null>(null);
  return {
    stripe,
    elements,
    style,
    onChange: setChange,
    isComplete: stripe !== null && change?.complete === true,
    error: change?.error ? getStripeErrorMessage(t, change.error) : null,
  };
}
