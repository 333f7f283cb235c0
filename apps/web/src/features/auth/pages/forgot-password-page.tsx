import { ZForgotPasswordRequest } from '@app/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import Link from '@mui/material/Link';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Form } from '../../../components/form/form';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/form-buttons';
import { useRequestPasswordReset } from '../api/forgot-password';
import { AuthLayout } from '../components/auth-layout';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const requestReset = useRequestPasswordReset();
  const form = useForm({
    resolver: zodResolver(ZForgotPasswordRequest),
    defaultValues: { email: '' },
  });

  return (
    <AuthLayout title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      <Form
        form={form}
        onSubmit={(values) => requestReset.mutateAsync(values)}
        successText={() => t('auth.forgot.sent')}
      >
        <FormTextField
          name="email"
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          autoFocus
          required
        />
        <SubmitButton size="large">{t('auth.forgot.submit')}</SubmitButton>
        <Link component={RouterLink} to="/sign-in" variant="body2" sx={{ textAlign: 'center' }}>
          {t('auth.backToLogin')}
        </Link>
      </Form>
    </AuthLayout>
  );
}
