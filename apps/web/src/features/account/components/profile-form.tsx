import { COUNTRY_CODES } from '@app/contracts/countries';
import { ZUpdateUserRequest, type TUpdateUserRequest } from '@app/contracts/profile';
import type { TCurrentUser } from '@app/contracts/users';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCountrySelect } from '../../../components/form-country-select';
import { FormTextField } from '../../../components/form-text-field';
import { MessageDialog } from '../../../components/message-dialog';
import { getErrorMessage } from '../../../lib/error-message';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { useUpdateUser } from '../api/update-user';

const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'companyName',
  'nif',
  'billingAddress',
  'zip',
  'region',
  'country',
] as const;

function toFormValues(user: TCurrentUser): TUpdateUserRequest {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    companyName: user.companyName,
    nif: user.nif,
    billingAddress: user.billingAddress,
    zip: user.zip,
    region: user.region,
    country: COUNTRY_CODES.includes(user.country) ? user.country : '',
  };
}

/** The profile fields; Save is enabled only after an edit that passes validation. */
export function ProfileForm({ user }: { user: TCurrentUser }) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const [isSavedDialogOpen, setIsSavedDialogOpen] = useState(false);
  // An email change is only asked for by Save: the dialog says where its link went.
  const [savedMessage, setSavedMessage] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(ZUpdateUserRequest),
    defaultValues: toFormValues(user),
    mode: 'onChange',
  });
  const { isDirty, isValid } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    update.mutate(values, {
      onSuccess: (updated) => {
        // The field goes back to the current email: the new one waits for its link.
        form.reset(toFormValues(updated));
        const isEmailRequested = values.email !== user.email.toLowerCase();
        setSavedMessage(
          isEmailRequested
            ? t('account.profile.savedEmailLinkSent', { email: values.email })
            : t('account.profile.saved'),
        );
        setIsSavedDialogOpen(true);
      },
      onError: (error) => {
        if (!setServerFieldErrors(error, form.setError, FIELDS)) {
          setFormError(getErrorMessage(t, error));
        }
      },
    });
  });

  const field = (name: (typeof FIELDS)[number], label: string, autoComplete: string) => (
    <FormTextField
      control={form.control}
      name={name}
      label={label}
      autoComplete={autoComplete}
      required={name === 'firstName' || name === 'lastName' || name === 'email'}
      type={name === 'email' ? 'email' : 'text'}
      hint={name === 'email' ? t('account.profile.emailHint') : undefined}
    />
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        void onSubmit(event);
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
      {formError === null ? null : <Alert severity="error">{formError}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        {field('firstName', t('account.profile.firstName'), 'given-name')}
        {field('lastName', t('account.profile.lastName'), 'family-name')}
        {field('email', t('account.profile.email'), 'email')}
        {field('companyName', t('account.profile.company'), 'organization')}
        {field('nif', t('account.profile.nif'), 'off')}
        {field('billingAddress', t('account.profile.billingAddress'), 'street-address')}
        {field('zip', t('account.profile.zip'), 'postal-code')}
        {field('region', t('account.profile.region'), 'address-level1')}
        <FormCountrySelect
          control={form.control}
          name="country"
          label={t('account.profile.country')}
        />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button
          type="button"
          disabled={!isDirty || update.isPending}
          onClick={() => {
            setFormError(null);
            form.reset();
          }}
        >
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!isDirty || !isValid}
          loading={update.isPending}
        >
          {t('common.save')}
        </Button>
      </Box>
      <MessageDialog
        isOpen={isSavedDialogOpen}
        title={t('account.profile.title')}
        message={savedMessage}
        onClose={() => {
          setIsSavedDialogOpen(false);
        }}
      />
    </Box>
  );
}
