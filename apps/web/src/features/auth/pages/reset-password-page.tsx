import { ZResetPasswordForm } from '@app/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { FormTextField } from '../../../components/form-text-field';
import { isApiError } from '../../../lib/api-error';
import { getErrorMessage } from '../../../lib/error-message';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout } from '../components/auth-layout';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const reset = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(({ password }) => {
    setFormError(null);
    reset.mutate(
      { token, password },
      {
        onError: (error) => {
          if (setServerFieldErrors(error, form.setError, ['password'])) return;
          setFormError(getErrorMessage(t, error));
        },
      },
    );
  });

  if (reset.isSuccess) {
    return (
      <AuthLayout title={t('auth.reset.title')}>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Alert severity="success">{t('auth.reset.done')}</Alert>
          <Button component={RouterLink} to="/sign-in" variant="contained" size="large">
            {t('auth.reset.logIn')}
          </Button>
        </Box>
      </AuthLayout>
    );
  }

  // A malformed link's token is refused by validation: to the user it is the same bad link.
  const isTokenInvalid =
    isApiError(reset.error) &&
    (reset.error.code === 'INVALID_TOKEN' || reset.error.fields.token !== undefined);

  return (
    <AuthLayout title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          void onSubmit(event);
        }}
        sx={{ display: 'grid', gap: 2 }}
      >
        {isTokenInvalid ? (
          <Alert
            severity="error"
            action={
              <Button component={RouterLink} to="/forgot" color="inherit" size="small">
                {t('auth.reset.requestNew')}
              </Button>
            }
          >
            {t('auth.reset.invalidToken')}
          </Alert>
        ) : null}
        {formError !== null && !isTokenInvalid ? <Alert severity="error">{formError}</Alert> : null}
        <FormTextField
          control={form.control}
          name="password"
          label={t('auth.fields.newPassword')}
          type="password"
          autoComplete="new-password"
          autoFocus
          required
          hint={t('auth.passwordHint')}
        />
        <FormTextField
          control={form.control}
          name="confirmPassword"
          label={t('auth.fields.confirmPassword')}
          type="password"
          autoComplete="new-password"
          required
        />
        <Button type="submit" variant="contained" size="large" loading={reset.isPending}>
          {t('auth.reset.submit')}
        </Button>
        <Link component={RouterLink} to="/sign-in" variant="body2" sx={{ textAlign: 'center' }}>
          {t('auth.backToLogin')}
        </Link>
      </Box>
    </AuthLayout>
  );
}
