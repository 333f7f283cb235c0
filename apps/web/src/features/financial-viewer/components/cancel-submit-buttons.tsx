import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

type CancelSubmitButtonsProps = {
  submitLabel: string;
  isSubmitDisabled: boolean;
  isPending?: boolean;
  /** Cancel waits for the pending submit (which writes something) to finish. */
  isCancelDisabled?: boolean;
  onCancel: () => void;
};

/** Cancel, then the form's submit button, which spins while the submit is pending. */
export function CancelSubmitButtons({
  submitLabel,
  isSubmitDisabled,
  isPending,
  isCancelDisabled = false,
  onCancel,
}: CancelSubmitButtonsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button onClick={onCancel} disabled={isCancelDisabled}>
        {t('financialViewer.actions.cancel')}
      </Button>
      <Button
        type="submit"
        variant="contained"
        loading={isPending ?? null}
        disabled={isSubmitDisabled}
      >
        {submitLabel}
      </Button>
    </>
  );
}
