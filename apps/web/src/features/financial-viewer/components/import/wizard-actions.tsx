import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../../components/form/form-buttons';

/** The wizard's buttons: Cancel on the left, the step's forward action on the right. */
export function WizardActions({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        justifyContent: 'flex-end',
        pt: 1,
      }}
    >
      {children}
    </Box>
  );
}

type WizardFormActionsProps = {
  /** Next, unless the step ends the wizard. */
  submitLabel?: string;
  /** A reason beyond the form's own validity to hold the submit back. */
  isSubmitDisabled?: boolean;
  onCancel: () => void;
};

/**
 * A form step's Cancel (waiting for a submit under way) and its submit button, which waits for
 * the form to be valid.
 */
export function WizardFormActions({
  submitLabel,
  isSubmitDisabled = false,
  onCancel,
}: WizardFormActionsProps) {
  const { t } = useTranslation();
  const { isSubmitting, isValid } = useFormState();
  return (
    <WizardActions>
      <Button onClick={onCancel} disabled={isSubmitting}>
        {t('financialViewer.actions.cancel')}
      </Button>
      <SubmitButton disabled={!isValid || isSubmitDisabled}>
        {submitLabel ?? t('financialViewer.actions.next')}
      </SubmitButton>
    </WizardActions>
  );
}
