import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../lib/error-message';

type LoadErrorProps = {
  error: unknown;
  onRetry: () => void;
  /** A feature's own wording of the error; the app's translation of its code otherwise. */
  message?: ReactNode;
};

/** A failed load in the user's language, with a Retry button. */
export function LoadError({ error, onRetry, message }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      {message ?? getErrorMessage(t, error)}
    </Alert>
  );
}
