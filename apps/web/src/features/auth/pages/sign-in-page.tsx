import { ZLoginRequest } from '@app/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FormTextField } from '../../../components/form-text-field';
import { ApiError } from '../../../lib/api-error';
import { getErrorMessage } from '../../../lib/error-message';
import { useLogin } from '../api/login';
import { AuthLayout } from '../components/auth-layout';

/** The login failures of spec section 8. */
function getLoginErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.status === 401) {
    return error.code === 'ACCOUNT_DISABLED'
      ? t('auth.signIn.pendingValidation')
      : t('auth.signIn.invalidCredentials');
  }
  return getErrorMessage(t, error);
}

export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const form = useForm({
    resolver: zodResolver(ZLoginRequest),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = form.handleSubmit((credentials) => {
    login.mutate(credentials, {
      onSuccess: () => {
        void navigate('/', { replace: true });
      },
    });
  });

  return (
    <AuthLayout title={t('auth.signIn.title')} subtitle={t('auth.signIn.subtitle')}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          void onSubmit(event);
        }}
        sx={{ display: 'grid', gap: 2 }}
      >
        {login.isError ? (
          <Alert severity="error">{getLoginErrorMessage(t, login.error)}</Alert>
        ) : null}
        <FormTextField
          control={form.control}
          name="email"
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          autoFocus
          required
        />
        <FormTextField
          control={form.control}
          name="password"
          label={t('auth.fields.password')}
          type="password"
          autoComplete="current-password"
          required
        />
        <Box sx={{ textAlign: 'right' }}>
          <Link component={RouterLink} to="/forgot" variant="body2">
            {t('auth.signIn.forgot')}
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" loading={login.isPending}>
          {t('auth.signIn.submit')}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('auth.signIn.noAccount')}{' '}
          <Link component={RouterLink} to="/sign-up">
            {t('auth.signIn.signUp')}
          </Link>
        </Typography>
      </Box>
    </AuthLayout>
  );
}
