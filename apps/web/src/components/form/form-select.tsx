import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import Select from '@mui/material/Select';
import { useId, type ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { VISUALLY_HIDDEN } from '../visually-hidden';

export type SelectOption = { value: string; label: string };

type FormSelectProps = {
  /** The value's name in the surrounding `<Form>`. */
  name: string;
  label: ReactNode;
  options: readonly SelectOption[];
  required?: boolean;
  disabled?: boolean;
  /** The empty first entry's text, shown while nothing is chosen. */
  placeholder?: string;
  /** Shown under the field while it has no error. */
  hint?: ReactNode;
  /** Only for screen readers: a table cell under a header that names it. */
  isLabelHidden?: boolean;
};

/**
 * A choice from a short list of the surrounding `<Form>`: a native `select`, so the keyboard,
 * screen readers and phones handle it as they know. Its error is an i18n key, as in
 * `FormTextField`.
 */
export function FormSelect({
  name,
  label,
  options,
  required = false,
  disabled = false,
  placeholder = '',
  hint,
  isLabelHidden = false,
}: FormSelectProps) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name });
  // Unique in the page: two forms side by side may both have a field of this name.
  const inputId = `field-${name}-${useId()}`;
  const helperId = `${inputId}-helper`;
  const errorKey = fieldState.error?.message;
  const helper = errorKey === undefined ? hint : t(errorKey);
  const value: unknown = field.value;
  return (
    <FormControl
      size="small"
      fullWidth
      required={required}
      disabled={disabled}
      error={errorKey !== undefined}
    >
      {/* The required mark is drawn by CSS, as in FormTextField: the accessible name stays the
          field name. */}
      <InputLabel
        htmlFor={inputId}
        shrink
        required={false}
        sx={
          isLabelHidden
            ? VISUALLY_HIDDEN
            : required
              ? { '&::after': { content: '"\\2009*"' } }
              : undefined
        }
      >
        {label}
      </InputLabel>
      <Select
        native
        notched={!isLabelHidden}
        label={isLabelHidden ? undefined : required ? <>{label}&thinsp;*</> : label}
        inputProps={{
          id: inputId,
          required,
          'aria-describedby': helper ? helperId : undefined,
        }}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => {
          field.onChange(event.target.value);
        }}
        onBlur={field.onBlur}
        inputRef={field.ref}
      >
        <option value="" disabled={required}>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
      {helper ? <FormHelperText id={helperId}>{helper}</FormHelperText> : null}
    </FormControl>
  );
}
