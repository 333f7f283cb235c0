import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { isApiError } from '../../../lib/api-error';
import { useConfirmRegistration } from '../api/confirm-registration';
import { AuthLayout } from '../components/auth-layout';
import { ResultPanel } from '../components/result-panel';

export function RegistrationConfirmPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const confirm = useConfirmRegistration();
  const { mutate } = confirm;
  // A token confirms once: the guard keeps StrictMode's second effect from spending it again.
  const confirmedToken = useRef<string | null>(null);

  useEffect(() => {
    if (confirmedToken.current === token) return;
    confirmedToken.current = token;
    mutate(token);
  }, [mutate, token]);

  if (confirm.isSuccess) {
    return (
      <AuthLayout>
        <ResultPanel
          icon={<CheckCircleIcon color="success" sx={{ fontSize: 56 }} aria-hidden="true" />}
          title={t('auth.confirm.successTitle')}
          text={t('auth.confirm.successText')}
          actionLabel={t('auth.confirm.start')}
          onAction={() => {
            void navigate('/', { replace: true });
          }}
        />
      </AuthLayout>
    );
  }

  if (isApiError(confirm.error) && confirm.error.reason === 'ALREADY_CONFIRMED') {
    return (
      <AuthLayout>
        <ResultPanel
          icon={<CheckCircleIcon color="success" sx={{ fontSize: 56 }} aria-hidden="true" />}
          title={t('auth.confirm.alreadyTitle')}
          text={t('auth.confirm.alreadyText')}
          actionLabel={t('auth.confirm.logIn')}
          onAction={() => {
            void navigate('/sign-in', { replace: true });
          }}
        />
      </AuthLayout>
    );
  }

  if (confirm.isError) {
    return (
      <AuthLayout>
        <ResultPanel
          icon={<ErrorIcon color="error" sx={{ fontSize: 56 }} aria-hidden="true" />}
          title={t('auth.confirm.failureTitle')}
          text={t('auth.confirm.failureText')}
          actionLabel={t('auth.confirm.register')}
          onAction={() => {
            void navigate('/sign-up');
          }}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth.confirm.pending')}>
      <PageLoader />
    </AuthLayout>
  );
}
