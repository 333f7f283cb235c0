import { ZSignUpForm } from '@app/contracts/registration';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '../../../components/form-text-field';
import { getErrorMessage } from '../../../lib/error-message';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { useRegister } from '../api/register';
import { AlmostDone } from '../components/almost-done';
import { AuthLayout } from '../components/auth-layout';
import {
  NameFields,
  NewAccountFields,
  useHasAcceptedTerms,
} from '../components/new-account-fields';
import { SignUpMarketing } from '../components/sign-up-marketing';

const SERVER_FIELDS = ['email', 'password', 'firstName', 'lastName', 'companyName'] as const;

export function SignUpPage() {
  const { t } = useTranslation();
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const register = useRegister();
  const form = useForm({
    resolver: zodResolver(ZSignUpForm),
    defaultValues: {
      firstName: '',
      lastName: '',
      companyName: '',
      email: '',
      password: '',
      confirmPassword: '',
    },
  });
  const hasAcceptedTerms = useHasAcceptedTerms(form.control);
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(({ email, password, firstName, lastName, companyName }) => {
    setFormError(null);
    const company = companyName?.trim() ?? '';
    register.mutate(
      { email, password, firstName, lastName, ...(company === '' ? {} : { companyName: company }) },
      {
        onSuccess: (response) => {
          setRegisteredEmail(response.email);
        },
        onError: (error) => {
          if (!setServerFieldErrors(error, form.setError, SERVER_FIELDS)) {
            setFormError(getErrorMessage(t, error));
          }
        },
      },
    );
  });

  if (registeredEmail !== null) {
    return (
      <AuthLayout aside={<SignUpMarketing />}>
        <AlmostDone email={registeredEmail} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t('auth.signUp.title')}
      subtitle={t('auth.signUp.subtitle')}
      aside={<SignUpMarketing />}
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          void onSubmit(event);
        }}
        sx={{ display: 'grid', gap: 2 }}
      >
        {formError === null ? null : <Alert severity="error">{formError}</Alert>}
        <NameFields control={form.control} />
        <FormTextField
          control={form.control}
          name="companyName"
          label={t('auth.fields.companyOptional')}
          autoComplete="organization"
        />
        <FormTextField
          control={form.control}
          name="email"
          label={t('auth.fields.corporateEmail')}
          type="email"
          autoComplete="email"
          required
        />
        <NewAccountFields control={form.control} />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!hasAcceptedTerms}
          loading={register.isPending}
        >
          {t('auth.signUp.submit')}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('auth.signUp.haveAccount')}{' '}
          <Link component={RouterLink} to="/sign-in">
            {t('auth.signUp.logIn')}
          </Link>
        </Typography>
      </Box>
    </AuthLayout>
  );
}
