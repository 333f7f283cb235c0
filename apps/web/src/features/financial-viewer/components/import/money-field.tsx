import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parseEurosToCents } from '../../utils/money';

type MoneyFieldProps = {
  label: ReactNode;
  /** Cents; undefined while empty or not a number. */
  value: number | undefined;
  onChange: (cents: number | undefined) => void;
  onBlur?: () => void;
  currency?: string;
  required?: boolean;
  /** An i18n key. */
  error?: string | undefined;
  min?: number;
};

/** An amount typed in units with cents (step 0.01) and kept as integer cents. */
export function MoneyField({
  label,
  value,
  onChange,
  onBlur,
  currency = 'EUR',
  required = false,
  error,
  min,
}: MoneyFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value === undefined ? '' : String(value / 100));
  const isUnreadable = text !== '' && parseEurosToCents(text) === null;
  const errorKey = isUnreadable ? 'validation.invalid' : error;
  return (
    <TextField
      type="number"
      size="small"
      required={required}
      label={label}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(parseEurosToCents(event.target.value) ?? undefined);
      }}
      onBlur={onBlur}
      error={errorKey !== undefined}
      helperText={errorKey ? t(errorKey) : undefined}
      slotProps={{
        htmlInput: { step: 0.01, ...(min === undefined ? {} : { min }) },
        input: {
          endAdornment: (
            <InputAdornment position="end">{currency === 'EUR' ? '€' : currency}</InputAdornment>
          ),
        },
      }}
    />
  );
}
