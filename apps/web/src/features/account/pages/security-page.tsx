import { ZUpdatePasswordForm } from '@app/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSection } from '../../../components/form-section';
import { FormTextField } from '../../../components/form-text-field';
import { ApiError } from '../../../lib/api-error';
import { getErrorMessage } from '../../../lib/error-message';
import { setServerFieldErrors } from '../../../lib/form-errors';
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
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(ZUpdatePasswordForm),
    defaultValues: { oldPassword: '', password: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(({ oldPassword, password }) => {
    setFormError(null);
    updatePassword.mutate(
      { oldPassword, password },
      {
        onSuccess: () => {
          form.reset();
        },
        onError: (error) => {
          const hasFieldErrors = setServerFieldErrors(error, form.setError, [
            'oldPassword',
            'password',
          ]);
          const isIllegalSequence =
            error instanceof ApiError && ILLEGAL_SEQUENCE.test(error.message);
          if (!hasFieldErrors || isIllegalSequence) setFormError(getPasswordErrorMessage(t, error));
        },
      },
    );
  });

  return (
    <FormSection
      title={t('account.security.title')}
      subtitle={t('account.security.subtitle')}
      maxWidth={480}
      onSubmit={onSubmit}
      successMessage={updatePassword.isSuccess ? t('account.security.changed') : null}
      errorMessage={formError}
    >
      <FormTextField
        control={form.control}
        name="oldPassword"
        label={t('account.security.oldPassword')}
        type="password"
        autoComplete="current-password"
        required
      />
      <FormTextField
        control={form.control}
        name="password"
        label={t('account.security.newPassword')}
        type="password"
        autoComplete="new-password"
        required
        hint={t('auth.passwordHint')}
      />
      <FormTextField
        control={form.control}
        name="confirmPassword"
        label={t('account.security.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
      />
      <Box>
        <Button type="submit" variant="contained" loading={updatePassword.isPending}>
          {t('account.security.submit')}
        </Button>
      </Box>
    </FormSection>
  );
}
