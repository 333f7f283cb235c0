import { ZSignUpForm } from '@app/contracts/registration';
import { zodResolver } from '@hookform/resolvers/zod';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Form } from '../../../components/form/form';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/form-buttons';
import { useRegister } from '../api/register';
import { AlmostDone } from '../components/almost-done';
import { AuthLayout } from '../components/auth-layout';
import {
  NameFields,
  NewAccountFields,
  useHasAcceptedTerms,
} from '../components/new-account-fields';
import { SignUpMarketing } from '../components/sign-up-marketing';

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
      <Form
        form={form}
        onSubmit={async ({ email, password, firstName, lastName, companyName }) => {
          const company = companyName?.trim() ?? '';
          const response = await register.mutateAsync({
            email,
            password,
            firstName,
            lastName,
            ...(company === '' ? {} : { companyName: company }),
          });
          setRegisteredEmail(response.email);
        }}
        serverFields={['email', 'password', 'firstName', 'lastName', 'companyName']}
      >
        <NameFields />
        <FormTextField
          name="companyName"
          label={t('auth.fields.companyOptional')}
          autoComplete="organization"
        />
        <FormTextField
          name="email"
          label={t('auth.fields.corporateEmail')}
          type="email"
          autoComplete="email"
          required
        />
        <NewAccountFields />
        <SubmitButton size="large" disabled={!hasAcceptedTerms}>
          {t('auth.signUp.submit')}
        </SubmitButton>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('auth.signUp.haveAccount')}{' '}
          <Link component={RouterLink} to="/sign-in">
            {t('auth.signUp.logIn')}
          </Link>
        </Typography>
      </Form>
    </AuthLayout>
  );
}
