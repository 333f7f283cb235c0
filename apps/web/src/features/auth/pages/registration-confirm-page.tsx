import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useConfirmRegistration } from '../api/confirm-registration';
import { AuthLayout } from '../components/auth-layout';

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
        <Box sx={{ display: 'grid', gap: 2, justifyItems: 'center', textAlign: 'center' }}>
          <CheckCircleIcon color="success" sx={{ fontSize: 56 }} aria-hidden="true" />
          <Typography variant="h5" component="h1">
            {t('auth.confirm.successTitle')}
          </Typography>
          <Typography color="text.secondary">{t('auth.confirm.successText')}</Typography>
          <Button
            variant="contained"
            size="large"
            onClick={() => {
              void navigate('/', { replace: true });
            }}
          >
            {t('auth.confirm.start')}
          </Button>
        </Box>
      </AuthLayout>
    );
  }

  if (confirm.isError) {
    return (
      <AuthLayout>
        <Box sx={{ display: 'grid', gap: 2, justifyItems: 'center', textAlign: 'center' }}>
          <ErrorIcon color="error" sx={{ fontSize: 56 }} aria-hidden="true" />
          <Typography variant="h5" component="h1">
            {t('auth.confirm.failureTitle')}
          </Typography>
          <Typography color="text.secondary">{t('auth.confirm.failureText')}</Typography>
          <Button
            variant="contained"
            size="large"
            onClick={() => {
              void navigate('/sign-up');
            }}
          >
            {t('auth.confirm.register')}
          </Button>
        </Box>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth.confirm.pending')}>
      <PageLoader />
    </AuthLayout>
  );
}
