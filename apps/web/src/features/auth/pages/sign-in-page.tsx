import { ZLoginRequest } from '@app/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Form } from '../../../components/form/form';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/form-buttons';
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

  return (
    <AuthLayout title={t('auth.signIn.title')} subtitle={t('auth.signIn.subtitle')}>
      <Form
        form={form}
        onSubmit={async (credentials) => {
          await login.mutateAsync(credentials);
          void navigate('/', { replace: true });
        }}
        describeError={(error) => getLoginErrorMessage(t, error)}
      >
        <FormTextField
          name="email"
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          autoFocus
          required
        />
        <FormTextField
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
        <SubmitButton size="large">{t('auth.signIn.submit')}</SubmitButton>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('auth.signIn.noAccount')}{' '}
          <Link component={RouterLink} to="/sign-up">
            {t('auth.signIn.signUp')}
          </Link>
        </Typography>
      </Form>
    </AuthLayout>
  );
}
