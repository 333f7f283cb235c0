import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { parseEurosToCents } from '../../utils/money';

type FormMoneyFieldProps = {
  /** The value's name in the surrounding `<Form>`: cents, undefined while empty. */
  name: string;
  label: ReactNode;
  currency?: string;
  required?: boolean;
  min?: number;
  disabled?: boolean;
};

/**
 * An amount of the surrounding `<Form>`, typed in units with cents (step 0.01) and kept as
 * integer cents; its error is an i18n key, as in `FormTextField`.
 */
export function FormMoneyField({
  name,
  label,
  currency = 'EUR',
  required = false,
  min,
  disabled = false,
}: FormMoneyFieldProps) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name });
  const value: unknown = field.value;
  const [text, setText] = useState(typeof value === 'number' ? String(value / 100) : '');
  const isUnreadable = text !== '' && parseEurosToCents(text) === null;
  const errorKey = isUnreadable ? 'validation.invalid' : fieldState.error?.message;
  return (
    <TextField
      type="number"
      size="small"
      required={required}
      disabled={disabled}
      label={label}
      name={field.name}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        field.onChange(parseEurosToCents(event.target.value) ?? undefined);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
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
