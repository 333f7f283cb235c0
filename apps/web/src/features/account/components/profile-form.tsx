import { COUNTRY_CODES } from '@app/contracts/countries';
import { ZUpdateUserRequest, type TUpdateUserRequest } from '@app/contracts/profile';
import type { TCurrentUser } from '@app/contracts/users';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/form/form';
import { ResetButton, SubmitButton } from '../../../components/form/form-buttons';
import { FormCountrySelect } from '../../../components/form/form-country-select';
import { FormTextField } from '../../../components/form/form-text-field';
import { MessageDialog } from '../../../components/message-dialog';
import { useUpdateUser } from '../api/update-user';

type FieldName = keyof TUpdateUserRequest;

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
  const form = useForm({
    resolver: zodResolver(ZUpdateUserRequest),
    defaultValues: toFormValues(user),
    mode: 'onChange',
  });
  const { isDirty, isValid } = form.formState;

  const field = (name: FieldName, label: string, autoComplete: string) => (
    <FormTextField
      name={name}
      label={label}
      autoComplete={autoComplete}
      required={name === 'firstName' || name === 'lastName' || name === 'email'}
      type={name === 'email' ? 'email' : 'text'}
      hint={name === 'email' ? t('account.profile.emailHint') : undefined}
    />
  );

  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        const updated = await update.mutateAsync(values);
        // The field goes back to the current email: the new one waits for its link.
        form.reset(toFormValues(updated));
        const isEmailRequested = values.email !== user.email.toLowerCase();
        setSavedMessage(
          isEmailRequested
            ? t('account.profile.savedEmailLinkSent', { email: values.email })
            : t('account.profile.saved'),
        );
        setIsSavedDialogOpen(true);
      }}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        {field('firstName', t('account.profile.firstName'), 'given-name')}
        {field('lastName', t('account.profile.lastName'), 'family-name')}
        {field('email', t('account.profile.email'), 'email')}
        {field('companyName', t('account.profile.company'), 'organization')}
        {field('nif', t('account.profile.nif'), 'off')}
        {field('billingAddress', t('account.profile.billingAddress'), 'street-address')}
        {field('zip', t('account.profile.zip'), 'postal-code')}
        {field('region', t('account.profile.region'), 'address-level1')}
        <FormCountrySelect name="country" label={t('account.profile.country')} />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <ResetButton>{t('common.cancel')}</ResetButton>
        <SubmitButton disabled={!isDirty || !isValid}>{t('common.save')}</SubmitButton>
      </Box>
      <MessageDialog
        isOpen={isSavedDialogOpen}
        title={t('account.profile.title')}
        message={savedMessage}
        onClose={() => {
          setIsSavedDialogOpen(false);
        }}
      />
    </Form>
  );
}
