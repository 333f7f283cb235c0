import { ZResetPasswordForm } from '@app/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { Form } from '../../../components/form/form';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/form-buttons';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout } from '../components/auth-layout';
import { describeLinkFormError } from '../components/link-error';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const reset = useResetPassword();
  const form = useForm({
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
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

  return (
    <AuthLayout title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      <Form
        form={form}
        onSubmit={({ password }) => reset.mutateAsync({ token, password })}
        serverFields={['password']}
        describeError={describeLinkFormError(t, {
          text: t('auth.reset.invalidToken'),
          actionLabel: t('auth.reset.requestNew'),
          to: '/forgot',
        })}
      >
        <FormTextField
          name="password"
          label={t('auth.fields.newPassword')}
          type="password"
          autoComplete="new-password"
          autoFocus
          required
          hint={t('auth.passwordHint')}
        />
        <FormTextField
          name="confirmPassword"
          label={t('auth.fields.confirmPassword')}
          type="password"
          autoComplete="new-password"
          required
        />
        <SubmitButton size="large">{t('auth.reset.submit')}</SubmitButton>
        <Link component={RouterLink} to="/sign-in" variant="body2" sx={{ textAlign: 'center' }}>
          {t('auth.backToLogin')}
        </Link>
      </Form>
    </AuthLayout>
  );
}
