import { DATE_RANGE_MAX_YEARS, type TAccount } from '@app/contracts/financial-viewer';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS as pickerEnUS, esES as pickerEs } from '@mui/x-date-pickers/locales';
import { format, isValid, parseISO } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { es } from 'date-fns/locale/es';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SelectOption } from '../../../components/form/form-select';
import { useAccounts } from '../api/get-accounts';
import { accountLabel } from '../utils/names';
import { minusYears, todayIso } from '../utils/dates';
import { OptionSelect } from './option-select';

export type AccountFilterValue = {
  companyNames: string[];
  entCodes: string[];
  accountIds: string[];
  /** yyyy-MM-dd */
  dateFrom: string;
  /** yyyy-MM-dd */
  dateTo: string;
};

/** No company, bank or account chosen; dates from `years` ago to today, in the user's zone. */
export function defaultAccountFilter(years: number): AccountFilterValue {
  const today = todayIso();
  return {
    companyNames: [],
    entCodes: [],
    accountIds: [],
    dateFrom: minusYears(today, years),
    dateTo: today,
  };
}

/** The filter as the API's query parameters: comma lists, left out when empty. */
export function toFilterQuery(value: AccountFilterValue): {
  companyNames?: string;
  entCodes?: string;
  accountIds?: string;
  valueDateFrom: string;
  valueDateTo: string;
} {
  return {
    ...(value.companyNames.length > 0 ? { companyNames: value.companyNames.join(',') } : {}),
    ...(value.entCodes.length > 0 ? { entCodes: value.entCodes.join(',') } : {}),
    ...(value.accountIds.length > 0 ? { accountIds: value.accountIds.join(',') } : {}),
    valueDateFrom: value.dateFrom,
    valueDateTo: value.dateTo,
  };
}

type DateErrors = { from?: string; to?: string };

/** Spec §5 Dates: From not before 20 years ago nor after To; To not before From nor in the future. */
export function validateDateRange(from: string, to: string, today = todayIso()): DateErrors {
  const errors: DateErrors = {};
  const earliest = minusYears(today, DATE_RANGE_MAX_YEARS);
  if (from === '') errors.from = 'validation.required';
  else if (from < earliest) errors.from = 'validation.financialViewer.dateTooEarly';
  else if (to !== '' && from > to) errors.from = 'validation.financialViewer.dateOrder';
  if (to === '') errors.to = 'validation.required';
  else if (to > today) errors.to = 'validation.financialViewer.dateInFuture';
  else if (from !== '' && to < from) errors.to = 'validation.financialViewer.dateOrder';
  return errors;
}

function unique(options: SelectOption[]): SelectOption[] {
  const seen = new Map<string, SelectOption>();
  for (const option of options) if (!seen.has(option.value)) seen.set(option.value, option);
  return [...seen.values()].sort((a, b) => a.label.localeCompare(b.label));
}

export function companyOptions(accounts: TAccount[]): SelectOption[] {
  return unique(
    accounts.flatMap((account) =>
      account.accountCompanyName
        ? [{ value: account.accountCompanyName, label: account.accountCompanyName }]
        : [],
    ),
  );
}

function bankOptions(accounts: TAccount[], company: string | undefined): SelectOption[] {
  if (company === undefined) return [];
  return unique(
    accounts.flatMap((account) =>
      account.accountCompanyName === company && account.entCode
        ? [{ value: account.entCode, label: account.entName ?? account.entCode }]
        : [],
    ),
  );
}

function accountOptions(
  accounts: TAccount[],
  company: string | undefined,
  bank: string | undefined,
): SelectOption[] {
  if (company === undefined || bank === undefined) return [];
  return accounts
    .filter((account) => account.accountCompanyName === company && account.entCode === bank)
    .map((account) => ({ value: account.accountId, label: accountLabel(account) }));
}

const FIELD_SX = { flex: '1 1 180px', minWidth: 0 } as const;

/** A select's value as the filter's list: the empty entry ("All") is no item. */
function listOf(choice: string): string[] {
  return choice === '' ? [] : [choice];
}

type DateFieldProps = {
  label: string;
  /** yyyy-MM-dd, or '' */
  value: string;
  /** An i18n key. */
  error: string | undefined;
  min: string | undefined;
  max: string;
  onChange: (value: string) => void;
};

const PICKER_LOCALES = {
  es: { dates: es, text: pickerEs },
  'en-US': { dates: enUS, text: pickerEnUS },
} as const;

function toDate(value: string | undefined): Date | null {
  return value ? parseISO(value) : null;
}

/**
 * A date picker in the user's language (dd/mm/yyyy in Spanish, mm/dd/yyyy in English): the
 * date can be typed section by section with the keyboard or chosen in the calendar. A date
 * still being typed is not passed on.
 */
function DateField({ label, value, error, min, max, onChange }: DateFieldProps) {
  const { t } = useTranslation();
  const [isIncomplete, setIncomplete] = useState(false);
  const shownError = isIncomplete ? 'validation.invalid' : error;
  return (
    <DatePicker
      label={label}
      value={toDate(value)}
      minDate={toDate(min) ?? undefined}
      maxDate={toDate(max) ?? undefined}
      onChange={(date) => {
        const isComplete = date === null || isValid(date);
        setIncomplete(!isComplete);
        if (isComplete) onChange(date === null ? '' : format(date, 'yyyy-MM-dd'));
      }}
      slotProps={{
        textField: {
          size: 'small',
          error: shownError !== undefined,
          helperText: shownError ? t(shownError) : undefined,
          sx: FIELD_SX,
        },
      }}
    />
  );
}

function DatePickers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = PICKER_LOCALES[i18n.language === 'es' ? 'es' : 'en-US'];
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={locale.dates}
      localeText={locale.text.components.MuiLocalizationProvider.defaultProps.localeText}
    >
      {children}
    </LocalizationProvider>
  );
}

type AccountFiltersProps = {
  value: AccountFilterValue;
  onChange: (value: AccountFilterValue) => void;
  /** Shows the From/To pair (default true). */
  showDates?: boolean;
};

/**
 * Company, then bank (once a company is chosen), then account (once a bank is): changing a
 * parent clears its children (spec §4 Filters). The dates reach `onChange` only as a valid range.
 */
export function AccountFilters({ value, onChange, showDates = true }: AccountFiltersProps) {
  const { t } = useTranslation();
  const accounts = useAccounts();
  const list = useMemo(() => accounts.data?.accounts ?? [], [accounts.data]);

  // What the user typed in the date fields, even while it is not a valid range yet.
  const [draft, setDraft] = useState({ from: value.dateFrom, to: value.dateTo });
  const [shown, setShown] = useState({ from: value.dateFrom, to: value.dateTo });
  if (shown.from !== value.dateFrom || shown.to !== value.dateTo) {
    // The parent changed the range (a reset): show it.
    setShown({ from: value.dateFrom, to: value.dateTo });
    setDraft({ from: value.dateFrom, to: value.dateTo });
  }

  const today = todayIso();
  const errors = validateDateRange(draft.from, draft.to, today);
  const company = value.companyNames[0];
  const bank = value.entCodes[0];
  const companies = companyOptions(list);
  const banks = bankOptions(list, company);
  const accountChoices = accountOptions(list, company, bank);

  function changeDates(from: string, to: string) {
    setDraft({ from, to });
    const next = validateDateRange(from, to, today);
    if (next.from === undefined && next.to === undefined) {
      setShown({ from, to });
      onChange({ ...value, dateFrom: from, dateTo: to });
    }
  }

  if (accounts.isPending) {
    return (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }} aria-busy="true">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} variant="rounded" height={40} sx={FIELD_SX} />
        ))}
      </Box>
    );
  }

  const allLabel = t('financialViewer.filters.all');
  return (
    <Box
      role="group"
      aria-label={t('financialViewer.filters.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
    >
      <OptionSelect
        label={t('financialViewer.filters.company')}
        value={company ?? ''}
        options={companies}
        emptyLabel={allLabel}
        onChange={(next) => {
          onChange({ ...value, companyNames: listOf(next), entCodes: [], accountIds: [] });
        }}
        sx={FIELD_SX}
      />
      <OptionSelect
        label={t('financialViewer.filters.bank')}
        value={bank ?? ''}
        options={banks}
        emptyLabel={allLabel}
        disabled={company === undefined}
        onChange={(next) => {
          onChange({ ...value, entCodes: listOf(next), accountIds: [] });
        }}
        sx={FIELD_SX}
      />
      <OptionSelect
        label={t('financialViewer.filters.account')}
        value={value.accountIds[0] ?? ''}
        options={accountChoices}
        emptyLabel={allLabel}
        disabled={bank === undefined}
        onChange={(next) => {
          onChange({ ...value, accountIds: listOf(next) });
        }}
        sx={FIELD_SX}
      />
      {showDates ? (
        <DatePickers>
          <DateField
            label={t('financialViewer.filters.from')}
            value={draft.from}
            error={errors.from}
            min={minusYears(today, DATE_RANGE_MAX_YEARS)}
            max={draft.to || today}
            onChange={(from) => {
              changeDates(from, draft.to);
            }}
          />
          <DateField
            label={t('financialViewer.filters.to')}
            value={draft.to}
            error={errors.to}
            min={draft.from || undefined}
            max={today}
            onChange={(to) => {
              changeDates(draft.from, to);
            }}
          />
        </DatePickers>
      ) : null}
    </Box>
  );
}
