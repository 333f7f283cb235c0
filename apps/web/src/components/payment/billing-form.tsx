import './i18n/register';
import { ZBillingInfo, type TBillingInfo } from '@app/contracts/billing';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCountrySelect } from '../form-country-select';
import { FormTextField } from '../form-text-field';
import { getErrorMessage } from '../../lib/error-message';
import { setServerFieldErrors } from '../../lib/form-errors';
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
  const [formError, setFormError] = useState<string | null>(null);
  const [isSaved, setIsSaved] = useState(false);
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

  const onSubmit = form.handleSubmit((info) => {
    setFormError(null);
    setIsSaved(false);
    update.mutate(info, {
      onSuccess: (saved) => {
        form.reset(saved);
        setIsSaved(true);
        onSaved?.(saved);
      },
      onError: (error) => {
        if (!setServerFieldErrors(error, form.setError, FIELDS)) {
          setFormError(getErrorMessage(t, error));
        }
      },
    });
  });

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('payment.info.title')}
      onSubmit={(event) => {
        void onSubmit(event);
      }}
      sx={{ display: 'grid', gap: 2, maxWidth: 560 }}
    >
      <Box role="status" aria-live="polite">
        {isSaved ? <Alert severity="success">{t('payment.info.saved')}</Alert> : null}
      </Box>
      {formError === null ? null : <Alert severity="error">{formError}</Alert>}
      <FormTextField
        control={form.control}
        name="companyName"
        label={t('payment.info.company')}
        autoComplete="organization"
        required
      />
      <FormTextField
        control={form.control}
        name="nif"
        label={t('payment.info.nif')}
        hint={t('payment.info.nifHelp')}
        required
      />
      <FormTextField
        control={form.control}
        name="billingAddress"
        label={t('payment.info.address')}
        autoComplete="street-address"
        required
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 2fr' } }}>
        <FormTextField
          control={form.control}
          name="zip"
          label={t('payment.info.zip')}
          autoComplete="postal-code"
          required
        />
        <FormTextField
          control={form.control}
          name="region"
          label={t('payment.info.region')}
          autoComplete="address-level1"
          required
        />
      </Box>
      <FormCountrySelect
        control={form.control}
        name="country"
        label={t('payment.info.country')}
        required
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        {onCancel ? (
          <Button onClick={onCancel} disabled={update.isPending}>
            {t('payment.actions.cancel')}
          </Button>
        ) : null}
        <Button
          type="submit"
          variant="contained"
          disabled={!isChanged || !isComplete || update.isPending}
          loading={update.isPending}
        >
          {t('payment.actions.save')}
        </Button>
      </Box>
    </Box>
  );
}
