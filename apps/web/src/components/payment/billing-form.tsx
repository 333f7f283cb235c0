import './i18n/register';
import { ZBillingInfo, type TBillingInfo } from '@app/contracts/billing';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form } from '../form/form';
import { SubmitButton } from '../form/form-buttons';
import { FormCountrySelect } from '../form/form-country-select';
import { FormTextField } from '../form/form-text-field';
import { useUpdateBillingInfo } from './api/update-billing-info';

const FIELDS = ['companyName', 'nif', 'billingAddress', 'zip', 'region', 'country'] as const;

export const EMPTY_BILLING_INFO: TBillingInfo = {
  companyName: '',
  nif: '',
  billingAddress: '',
  zip: '',
  region: '',
  country: '',
};

/** Spec section 5: every billing field is needed before paying. */
export function isBillingComplete(info: TBillingInfo | undefined): boolean {
  return info !== undefined && ZBillingInfo.safeParse(info).success;
}

type BillingFormProps = {
  initial: TBillingInfo;
  onSaved?: (info: TBillingInfo) => void;
  onCancel?: () => void;
};

/** The billing details: SAVE only when something changed and every field is set. */
export function BillingForm({ initial, onSaved, onCancel }: BillingFormProps) {
  const { t } = useTranslation();
  const update = useUpdateBillingInfo();
  const form = useForm({
    resolver: zodResolver(ZBillingInfo),
    mode: 'onTouched',
    values: initial,
    resetOptions: { keepDirtyValues: false },
  });
  const values = useWatch({ control: form.control });
  const isChanged = FIELDS.some((name) => (values[name] ?? '') !== initial[name]);
  const isComplete = ZBillingInfo.safeParse(values).success;
  const { trigger, getFieldState } = form;
  // The VAT/NIF's format depends on the country: a new country checks the number again.
  useEffect(() => {
    if (getFieldState('nif').isTouched) void trigger('nif');
  }, [values.country, trigger, getFieldState]);

  return (
    <Form
      form={form}
      label={t('payment.info.title')}
      maxWidth={560}
      onSubmit={async (info) => {
        const saved = await update.mutateAsync(info);
        form.reset(saved);
        onSaved?.(saved);
      }}
      successText={() => t('payment.info.saved')}
    >
      <FormTextField
        name="companyName"
        label={t('payment.info.company')}
        autoComplete="organization"
        required
      />
      <FormTextField
        name="nif"
        label={t('payment.info.nif')}
        hint={t('payment.info.nifHelp')}
        required
      />
      <FormTextField
        name="billingAddress"
        label={t('payment.info.address')}
        autoComplete="street-address"
        required
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 2fr' } }}>
        <FormTextField
          name="zip"
          label={t('payment.info.zip')}
          autoComplete="postal-code"
          required
        />
        <FormTextField
          name="region"
          label={t('payment.info.region')}
          autoComplete="address-level1"
          required
        />
      </Box>
      <FormCountrySelect name="country" label={t('payment.info.country')} required />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        {onCancel ? (
          <Button onClick={onCancel} disabled={form.formState.isSubmitting}>
            {t('payment.actions.cancel')}
          </Button>
        ) : null}
        <SubmitButton disabled={!isChanged || !isComplete}>
          {t('payment.actions.save')}
        </SubmitButton>
      </Box>
    </Form>
  );
}
