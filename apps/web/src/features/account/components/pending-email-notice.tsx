import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../lib/error-message';
import { useCancelEmailChange } from '../api/cancel-email-change';

type PendingEmailNoticeProps = {
  pendingEmail: string;
  onCancelled: () => void;
};

/** A new email waits for its link: says where the link went, and lets the change be dropped. */
export function PendingEmailNotice({ pendingEmail, onCancelled }: PendingEmailNoticeProps) {
  const { t } = useTranslation();
  const cancel = useCancelEmailChange();
  const [error, setError] = useState<string | null>(null);
  return (
    <Alert severity="info" role="status">
      <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {t('account.profile.pendingEmail', { email: pendingEmail })}
        </Typography>
        {error === null ? null : (
          <Typography variant="body2" color="error" role="alert">
            {error}
          </Typography>
        )}
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          loading={cancel.isPending}
          onClick={() => {
            setError(null);
            cancel.mutate(undefined, {
              onSuccess: onCancelled,
              onError: (cause) => {
                setError(getErrorMessage(t, cause));
              },
            });
          }}
        >
          {t('account.profile.cancelEmailChange')}
        </Button>
      </Box>
    </Alert>
  );
}
