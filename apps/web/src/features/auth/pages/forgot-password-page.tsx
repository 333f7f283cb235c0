import { ZForgotPasswordRequest } from '@app/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '../../../components/form-text-field';
import { getErrorMessage } from '../../../lib/error-message';
import { useRequestPasswordReset } from '../api/forgot-password';
import { AuthLayout } from '../components/auth-layout';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const requestReset = useRequestPasswordReset();
  const form = useForm({
    resolver: zodResolver(ZForgotPasswordRequest),
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit((values) => {
    requestReset.mutate(values);
  });

  return (
    <AuthLayout title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          void onSubmit(event);
        }}
        sx={{ display: 'grid', gap: 2 }}
      >
        <Box role="status" aria-live="polite">
          {requestReset.isSuccess ? (
            <Alert severity="success">{t('auth.forgot.sent')}</Alert>
          ) : null}
        </Box>
        {requestReset.isError ? (
          <Alert severity="error">{getErrorMessage(t, requestReset.error)}</Alert>
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
        <Button type="submit" variant="contained" size="large" loading={requestReset.isPending}>
          {t('auth.forgot.submit')}
        </Button>
        <Link component={RouterLink} to="/sign-in" variant="body2" sx={{ textAlign: 'center' }}>
          {t('auth.backToLogin')}
        </Link>
      </Box>
    </AuthLayout>
  );
}
