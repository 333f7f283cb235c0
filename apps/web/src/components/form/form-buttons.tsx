import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { useFormOutcome } from './form';

type SubmitButtonProps = {
  children: ReactNode;
  /** The page's main action (sign-in...), across the form. */
  size?: 'medium' | 'large';
  /** Not yet allowed: nothing changed, a box not ticked... */
  disabled?: boolean;
  endIcon?: ReactNode;
  /** Outlined when another action beside it is the main one. */
  variant?: 'contained' | 'outlined';
  /** `error` when the submit cannot be undone (a credit note). */
  color?: 'primary' | 'error';
};

/** The form's submit button: it shows the request under way and cannot be pressed meanwhile. */
export function SubmitButton({
  children,
  size = 'medium',
  disabled = false,
  endIcon,
  variant = 'contained',
  color = 'primary',
}: SubmitButtonProps) {
  const { isSubmitting } = useFormState();
  return (
    <Button
      type="submit"
      variant={variant}
      color={color}
      size={size}
      endIcon={endIcon}
      disabled={disabled || isSubmitting}
      loading={isSubmitting}
    >
      {children}
    </Button>
  );
}

/** Puts the values back as they were and clears the outcome; only once something changed. */
export function ResetButton({ children }: { children: ReactNode }) {
  const { reset } = useFormContext();
  const { isDirty, isSubmitting } = useFormState();
  const { dismiss } = useFormOutcome();
  return (
    <Button
      type="button"
      disabled={!isDirty || isSubmitting}
      onClick={() => {
        dismiss();
        reset();
      }}
    >
      {children}
    </Button>
  );
}
