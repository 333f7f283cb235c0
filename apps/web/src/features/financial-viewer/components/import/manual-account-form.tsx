import {
  ACCOUNT_SUBTYPES_BY_TYPE,
  formatCardNumber,
  ZManualAccount,
  type AccountType,
  type TManualAccount,
} from '@app/contracts/financial-viewer';
import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Form } from '../../../../components/form/form';
import { FormSelect } from '../../../../components/form/form-select';
import { FormTextField } from '../../../../components/form/form-text-field';
import { useAccounts } from '../../api/get-accounts';
import { useCompanies } from '../../api/get-companies';
import { useCurrencies } from '../../api/get-currencies';
import { FormMoneyField } from './money-field';
import { WizardFormActions } from './wizard-actions';

type FormInput = z.input<typeof ZManualAccount>;
type FormOutput = z.output<typeof ZManualAccount>;

const DEFAULTS = {
  account_type: 'ACCOUNT',
  account_number: '',
  account_name: '',
  account_currency: 'EUR',
  account_company_name: '',
  // Nothing chosen yet: the schema says it is required.
  account_subtype: '' as unknown as TManualAccount['account_subtype'],
  account_balance: 0,
} satisfies Partial<FormInput>;

type ManualAccountFormProps = {
  /** Adds the account; the wizard tells the outcome in its message dialog. */
  onSubmit: (account: FormOutput) => Promise<void>;
  onCancel: () => void;
};

/**
 * Step 2 for a new connection: the account or card behind the statements (spec §3, §5). The
 * card number is cleaned and grouped 4×4 as it is typed; Finish waits for the required fields.
 */
export function ManualAccountForm({ onSubmit, onCancel }: ManualAccountFormProps) {
  const { t } = useTranslation();
  const typeLabelId = useId();
  const currencies = useCurrencies();
  const companies = useCompanies();
  const accounts = useAccounts();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ZManualAccount),
    mode: 'onChange',
    defaultValues: DEFAULTS,
  });
  const [type, currency] = useWatch({
    control: form.control,
    name: ['account_type', 'account_currency'],
  });
  const isCard = type === 'CARD';
  const currencyCodes = currencies.data ?? ['EUR', 'USD'];
  const linkable = (accounts.data?.accounts ?? [])
    .filter((account) => account.accountType === 'ACCOUNT')
    .map((account) => account.accountNumber);

  const errorText = (key: string | undefined) => (key === undefined ? undefined : t(key));

  return (
    <Form form={form} onSubmit={onSubmit}>
      <Controller
        control={form.control}
        name="account_type"
        render={({ field }) => (
          <FormControl>
            <FormLabel id={typeLabelId}>{t('financialViewer.import.accountType')}</FormLabel>
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              value={field.value}
              aria-labelledby={typeLabelId}
              onChange={(_event, next: AccountType | null) => {
                if (next === null) return;
                field.onChange(next);
                form.setValue('account_subtype', DEFAULTS.account_subtype, {
                  shouldValidate: true,
                });
                if (next === 'CARD') {
                  form.setValue(
                    'account_number',
                    formatCardNumber(form.getValues('account_number')),
                    { shouldValidate: true },
                  );
                } else {
                  form.setValue('card_linked_account', undefined);
                  form.setValue('card_limit_balance', undefined);
                }
              }}
            >
              <ToggleButton value="ACCOUNT">
                {t('financialViewer.accountTypes.ACCOUNT')}
              </ToggleButton>
              <ToggleButton value="CARD">{t('financialViewer.accountTypes.CARD')}</ToggleButton>
            </ToggleButtonGroup>
          </FormControl>
        )}
      />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <Controller
          control={form.control}
          name="account_number"
          render={({ field, fieldState }) => (
            <TextField
              size="small"
              required
              label={
                isCard
                  ? t('financialViewer.import.cardNumber')
                  : t('financialViewer.import.accountNumber')
              }
              value={field.value}
              onChange={(event) => {
                field.onChange(isCard ? formatCardNumber(event.target.value) : event.target.value);
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error !== undefined}
              helperText={errorText(fieldState.error?.message)}
              slotProps={{ htmlInput: { maxLength: isCard ? 19 : 64, autoComplete: 'off' } }}
            />
          )}
        />
        <FormTextField
          name="account_name"
          label={t('financialViewer.import.accountName')}
          required
          maxLength={100}
        />
        <FormSelect
          name="account_currency"
          label={t('financialViewer.import.currency')}
          options={currencyCodes.map((code) => ({ value: code, label: code }))}
          required
        />
        <Controller
          control={form.control}
          name="account_company_name"
          render={({ field, fieldState }) => (
            <Autocomplete
              freeSolo
              options={(companies.data ?? []).map((company) => company.companyName)}
              inputValue={field.value}
              onInputChange={(_event, value) => {
                field.onChange(value);
              }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  size="small"
                  required
                  label={t('financialViewer.import.companyName')}
                  onBlur={field.onBlur}
                  error={fieldState.error !== undefined}
                  helperText={errorText(fieldState.error?.message)}
                />
              )}
            />
          )}
        />
        <FormSelect
          name="account_subtype"
          label={t('financialViewer.import.subtype')}
          placeholder={t('financialViewer.import.choose')}
          options={ACCOUNT_SUBTYPES_BY_TYPE[type].map((subtype) => ({
            value: subtype,
            label: t(`financialViewer.subtypes.${subtype}`),
          }))}
          required
        />
        <FormMoneyField
          name="account_balance"
          label={t('financialViewer.import.initialBalance')}
          currency={currency}
        />
        {isCard ? (
          <>
            <Controller
              control={form.control}
              name="card_linked_account"
              render={({ field, fieldState }) => (
                <Autocomplete
                  freeSolo
                  options={linkable}
                  inputValue={field.value ?? ''}
                  onInputChange={(_event, value) => {
                    field.onChange(value === '' ? undefined : value);
                  }}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      size="small"
                      required
                      label={t('financialViewer.import.linkedAccount')}
                      onBlur={field.onBlur}
                      error={fieldState.error !== undefined}
                      helperText={errorText(fieldState.error?.message)}
                    />
                  )}
                />
              )}
            />
            <FormMoneyField
              name="card_limit_balance"
              label={t('financialViewer.import.cardLimit')}
              currency={currency}
              min={0}
            />
          </>
        ) : null}
      </Box>
      <WizardFormActions submitLabel={t('financialViewer.actions.finish')} onCancel={onCancel} />
    </Form>
  );
}
