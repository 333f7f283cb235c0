import Box from '@mui/material/Box';
import { useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCheckbox } from '../../../components/form/form-checkbox';
import { FormTextField } from '../../../components/form/form-text-field';

/** First and last name side by side, the first field of a form that opens an account. */
export function NameFields() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
      <FormTextField
        name="firstName"
        label={t('auth.fields.firstName')}
        autoComplete="given-name"
        autoFocus
        required
      />
      <FormTextField
        name="lastName"
        label={t('auth.fields.lastName')}
        autoComplete="family-name"
        required
      />
    </Box>
  );
}

/** True once the terms box is ticked (the schema types it `true`; until then it is not). */
export function useHasAcceptedTerms<T extends { acceptTerms?: unknown }>(
  control: Control<T>,
): boolean {
  const acceptTerms: unknown = useWatch({ control: control as Control, name: 'acceptTerms' });
  return acceptTerms === true;
}

/** Password, its confirmation and the terms-of-service box of sign-up and invitation pages. */
export function NewAccountFields() {
  const { t } = useTranslation();
  return (
    <>
      <FormTextField
        name="password"
        label={t('auth.fields.password')}
        type="password"
        autoComplete="new-password"
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
      <FormCheckbox name="acceptTerms" label={t('auth.signUp.acceptTerms')} />
    </>
  );
}
