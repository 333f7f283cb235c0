import { ZUpdatePasswordForm } from '@app/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import type { TFunction } from 'i18next';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/form/form';
import { SubmitButton } from '../../../components/form/form-buttons';
import { FormTextField } from '../../../components/form/form-text-field';
import { ApiError } from '../../../lib/api-error';
import { getErrorMessage } from '../../../lib/error-message';
import { useUpdatePassword } from '../api/update-password';

const ILLEGAL_SEQUENCE = /illegal sequence/i;

/** The password-change failures of spec section 5. */
function getPasswordErrorMessage(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.somethingWrong');
  if (ILLEGAL_SEQUENCE.test(error.message)) return t('validation.password.illegalSequence');
  if (!error.isNetworkError && error.message.trim() === '') return t('errors.somethingWrong');
  return getErrorMessage(t, error);
}

export function SecurityPage() {
  const { t } = useTranslation();
  const updatePassword = useUpdatePassword();
  const form = useForm({
    resolver: zodResolver(ZUpdatePasswordForm),
    defaultValues: { oldPassword: '', password: '', confirmPassword: '' },
  });

  return (
    <Form
      form={form}
      heading={{
        title: t('account.security.title'),
        subtitle: t('account.security.subtitle'),
        level: 'page',
      }}
      maxWidth={480}
      onSubmit={async ({ oldPassword, password }) => {
        await updatePassword.mutateAsync({ oldPassword, password });
        form.reset();
      }}
      successText={() => t('account.security.changed')}
      serverFields={['oldPassword', 'password']}
      describeError={(error, hasFieldErrors) => {
        const isIllegalSequence = error instanceof ApiError && ILLEGAL_SEQUENCE.test(error.message);
        return !hasFieldErrors || isIllegalSequence ? getPasswordErrorMessage(t, error) : null;
      }}
    >
      <FormTextField
        name="oldPassword"
        label={t('account.security.oldPassword')}
        type="password"
        autoComplete="current-password"
        required
      />
      <FormTextField
        name="password"
        label={t('account.security.newPassword')}
        type="password"
        autoComplete="new-password"
        required
        hint={t('auth.passwordHint')}
      />
      <FormTextField
        name="confirmPassword"
        label={t('account.security.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
      />
      <Box>
        <SubmitButton>{t('account.security.submit')}</SubmitButton>
      </Box>
    </Form>
  );
}
