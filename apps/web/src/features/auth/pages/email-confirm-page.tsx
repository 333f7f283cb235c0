import ErrorIcon from '@mui/icons-material/Error';
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api-error';
import { EMAIL_CHANGED_STATE } from '../../../lib/email-change';
import { getErrorMessage } from '../../../lib/error-message';
import { useConfirmEmailChange } from '../api/confirm-email-change';
import { AuthLayout } from '../components/auth-layout';
import { ResultPanel } from '../components/result-panel';

const PROFILE_PATH = '/account/profile';

/** What a refused link means, by the error's code; never the server's own words. */
function getFailureText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return getErrorMessage(t, error);
  switch (error.code) {
    // A malformed token fails validation: to the user it is just as invalid a link.
    case 'INVALID_TOKEN':
    case 'VALIDATION':
      return t('auth.emailConfirm.invalidText');
    case 'EMAIL_TAKEN':
      return t('auth.emailConfirm.takenText');
    default:
      return getErrorMessage(t, error);
  }
}

/** The link mailed to a new address: it changes the email, signs in and opens the profile. */
export function EmailConfirmPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const confirm = useConfirmEmailChange();
  const { mutate } = confirm;
  // A token confirms once: the guard keeps StrictMode's second effect from spending it again.
  const confirmedToken = useRef<string | null>(null);

  useEffect(() => {
    if (confirmedToken.current === token) return;
    confirmedToken.current = token;
    mutate(token);
  }, [mutate, token]);

  if (confirm.isSuccess) {
    return <Navigate to={PROFILE_PATH} replace state={EMAIL_CHANGED_STATE} />;
  }

  if (confirm.isError) {
    return (
      <AuthLayout>
        <ResultPanel
          icon={<ErrorIcon color="error" sx={{ fontSize: 56 }} aria-hidden="true" />}
          title={t('auth.emailConfirm.failureTitle')}
          text={getFailureText(t, confirm.error)}
          actionLabel={t('auth.emailConfirm.toProfile')}
          onAction={() => {
            // Without a session the app's guard asks to sign in first.
            void navigate(PROFILE_PATH);
          }}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth.emailConfirm.pending')}>
      <PageLoader />
    </AuthLayout>
  );
}
