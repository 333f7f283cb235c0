import { MAX_CONFIRMATION_SENDS } from '@app/contracts/auth';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../../lib/api-error';
import { getErrorMessage } from '../../../lib/error-message';
import { useResendConfirmation } from '../api/resend-confirmation';

/** Stage two of sign-up: check the mailbox; resend while fewer than 3 mails went out. */
export function AlmostDone({ email }: { email: string }) {
  const { t } = useTranslation();
  const resend = useResendConfirmation();
  // The registration itself sent the first mail.
  const [sendCount, setSendCount] = useState(1);
  const isLimitReached =
    sendCount >= MAX_CONFIRMATION_SENDS ||
    (isApiError(resend.error) && resend.error.code === 'LIMIT_EXCEEDED');

  const onResend = () => {
    resend.mutate(
      { email },
      {
        onSuccess: () => {
          setSendCount((count) => count + 1);
        },
      },
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'center', textAlign: 'center' }}>
      <MarkEmailReadIcon color="primary" sx={{ fontSize: 56 }} aria-hidden="true" />
      <Typography variant="h5" component="h1">
        {t('auth.signUp.almostDoneTitle')}
      </Typography>
      <Typography color="text.secondary">
        <Trans i18nKey="auth.signUp.almostDoneText" values={{ email }} components={{ b: <b /> }} />
      </Typography>
      <Box role="status" aria-live="polite" sx={{ width: '100%' }}>
        {resend.isSuccess && !isLimitReached ? (
          <Alert severity="success">{t('auth.signUp.resent')}</Alert>
        ) : null}
        {isLimitReached ? <Alert severity="info">{t('auth.signUp.resendLimit')}</Alert> : null}
        {resend.isError && !isLimitReached ? (
          <Alert severity="error">{getErrorMessage(t, resend.error)}</Alert>
        ) : null}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('auth.signUp.notReceived')}{' '}
        <Button
          variant="text"
          size="small"
          onClick={onResend}
          disabled={isLimitReached || resend.isPending}
          startIcon={resend.isPending ? <CircularProgress size={14} /> : undefined}
        >
          {t('auth.signUp.resend')}
        </Button>
      </Typography>
      <Button component={RouterLink} to="/sign-in" variant="outlined">
        {t('auth.backToLogin')}
      </Button>
    </Box>
  );
}
