import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import Select from '@mui/material/Select';
import { useMemo, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { getCountryOptions } from '../lib/countries';

type FormCountrySelectProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: ReactNode;
  required?: boolean;
};

/**
 * A country chosen from the ISO code list, bound to react-hook-form. A stored value that is
 * not a known code shows as not chosen.
 */
export function FormCountrySelect<T extends FieldValues>({
  control,
  name,
  label,
  required = false,
}: FormCountrySelectProps<T>) {
  const { t, i18n } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  const countries = useMemo(() => getCountryOptions(i18n.language), [i18n.language]);
  const inputId = `field-${name}`;
  const value: unknown = field.value;
  return (
    <FormControl size="small" fullWidth required={required} error={fieldState.error !== undefined}>
      <InputLabel htmlFor={inputId} shrink>
        {label}
      </InputLabel>
      {/* A native list: 249 countries, typed to jump, light on every device. */}
      <Select
        native
        notched
        label={label}
        inputProps={{ id: inputId }}
        value={countries.some((country) => country.code === value) ? value : ''}
        onChange={(event) => {
          field.onChange(event.target.value);
        }}
        onBlur={field.onBlur}
        inputRef={field.ref}
      >
        <option value="" disabled={required} />
        {countries.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </Select>
      {fieldState.error?.message ? (
        <FormHelperText>{t(fieldState.error.message)}</FormHelperText>
      ) : null}
    </FormControl>
  );
}
