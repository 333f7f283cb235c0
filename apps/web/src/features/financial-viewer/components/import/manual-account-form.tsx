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
import { useAccounts } from '../../api/get-accounts';
import { useCompanies } from '../../api/get-companies';
import { useCurrencies } from '../../api/get-currencies';
import { CancelSubmitButtons } from '../cancel-submit-buttons';
import { WizardActions } from './wizard-actions';
import { MoneyField } from './money-field';

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
  isPending: boolean;
  onSubmit: (account: FormOutput) => void;
  onCancel: () => void;
};

/**
 * Step 2 for a new connection: the account or card behind the statements (spec §3, §5). The
 * card number is cleaned and grouped 4×4 as it is typed; Finish waits for the required fields.
 */
export function ManualAccountForm({ isPending, onSubmit, onCancel }: ManualAccountFormProps) {
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

  const errorOf = (name: keyof FormInput) => {
    const state = form.getFieldState(name, form.formState);
    return state.isTouched || state.isDirty || form.formState.isSubmitted
      ? state.error?.message
      : undefined;
  };
  const shownError = (name: keyof FormInput) => {
    const key = errorOf(name);
    return key ? t(key) : undefined;
  };
  const selectProps = { select: { native: true }, inputLabel: { shrink: true } } as const;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        void form.handleSubmit(onSubmit)(event);
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
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
          render={({ field }) => (
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
              error={errorOf('account_number') !== undefined}
              helperText={shownError('account_number')}
              slotProps={{ htmlInput: { maxLength: isCard ? 19 : 64, autoComplete: 'off' } }}
            />
          )}
        />
        <Controller
          control={form.control}
          name="account_name"
          render={({ field }) => (
            <TextField
              size="small"
              required
              label={t('financialViewer.import.accountName')}
              {...field}
              error={errorOf('account_name') !== undefined}
              helperText={shownError('account_name')}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
          )}
        />
        <Controller
          control={form.control}
          name="account_currency"
          render={({ field }) => (
            <TextField
              select
              size="small"
              required
              label={t('financialViewer.import.currency')}
              {...field}
              error={errorOf('account_currency') !== undefined}
              helperText={shownError('account_currency')}
              slotProps={selectProps}
            >
              {currencyCodes.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={form.control}
          name="account_company_name"
          render={({ field }) => (
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
                  error={errorOf('account_company_name') !== undefined}
                  helperText={shownError('account_company_name')}
                />
              )}
            />
          )}
        />
        <Controller
          control={form.control}
          name="account_subtype"
          render={({ field }) => (
            <TextField
              select
              size="small"
              required
              label={t('financialViewer.import.subtype')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errorOf('account_subtype') !== undefined}
              helperText={shownError('account_subtype')}
              slotProps={selectProps}
            >
              <option value="" disabled>
                {t('financialViewer.import.choose')}
              </option>
              {ACCOUNT_SUBTYPES_BY_TYPE[type].map((subtype) => (
                <option key={subtype} value={subtype}>
                  {t(`financialViewer.subtypes.${subtype}`)}
                </option>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={form.control}
          name="account_balance"
          render={({ field }) => (
            <MoneyField
              label={t('financialViewer.import.initialBalance')}
              value={field.value}
              currency={currency}
              onChange={(cents) => {
                field.onChange(cents ?? 0);
              }}
              onBlur={field.onBlur}
              error={errorOf('account_balance')}
            />
          )}
        />
        {isCard ? (
          <>
            <Controller
              control={form.control}
              name="card_linked_account"
              render={({ field }) => (
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
                      error={errorOf('card_linked_account') !== undefined}
                      helperText={shownError('card_linked_account')}
                    />
                  )}
                />
              )}
            />
            <Controller
              control={form.control}
              name="card_limit_balance"
              render={({ field }) => (
                <MoneyField
                  label={t('financialViewer.import.cardLimit')}
                  value={field.value}
                  currency={currency}
                  min={0}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errorOf('card_limit_balance')}
                />
              )}
            />
          </>
        ) : null}
      </Box>
      <WizardActions>
        <CancelSubmitButtons
          submitLabel={t('financialViewer.actions.finish')}
          isSubmitDisabled={!form.formState.isValid}
          isPending={isPending}
          isCancelDisabled={isPending}
          onCancel={onCancel}
        />
      </WizardActions>
    </Box>
  );
}
