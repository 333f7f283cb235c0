import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type HTMLInputTypeAttribute, type ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

type FormTextFieldProps = {
  /** The value's name in the surrounding `<Form>`. */
  name: string;
  label: ReactNode;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  /** Shown and focusable, but not editable (unlike `disabled`). */
  readOnly?: boolean;
  multiline?: boolean;
  minRows?: number;
  /** Shown under the field while it has no error. */
  hint?: ReactNode;
  /** The values its error key's text needs ("This dataset has {{rows}} rows."). */
  errorValues?: Record<string, unknown>;
  placeholder?: string;
  maxLength?: number;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email';
};

/**
 * A text field of the surrounding `<Form>`; its error message is an i18n key (contracts'
 * `VALIDATION`, or a server `fields` entry) translated into the UI language.
 *
 * Built from the input parts rather than MUI's `TextField`, which always bundles `Select` and
 * its menu: that keeps the sign-in page within its size budget.
 */
export function FormTextField({
  name,
  label,
  hint,
  errorValues,
  type = 'text',
  required = false,
  disabled = false,
  maxLength,
  inputMode,
  ...inputProps
}: FormTextFieldProps) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name });
  const errorKey = fieldState.error?.message;
  const value: unknown = field.value;
  // Unique even when two forms on a page have a field of the same name (a dialog over a page).
  const inputId = `field-${name}-${useId()}`;
  const helperId = `${inputId}-helper`;
  const helper = errorKey === undefined ? hint : t(errorKey, errorValues);
  // A date input always shows its own placeholder (dd/mm/yyyy): the label stays above it.
  const isLabelShrunk = type === 'date' ? true : undefined;
  return (
    <FormControl
      fullWidth
      size="small"
      required={required}
      disabled={disabled}
      error={errorKey !== undefined}
    >
      {/* The required mark is drawn by CSS, so the label's text (its accessible name) stays
          exactly the field name; the input itself carries `required`. */}
      <InputLabel
        htmlFor={inputId}
        required={false}
        shrink={isLabelShrunk}
        sx={required ? { '&::after': { content: '"\\2009*"' } } : undefined}
      >
        {label}
      </InputLabel>
      <OutlinedInput
        {...inputProps}
        id={inputId}
        name={field.name}
        type={type}
        notched={isLabelShrunk}
        label={required ? <>{label}&thinsp;*</> : label}
        value={typeof value === 'string' || typeof value === 'number' ? value : ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        inputProps={
          maxLength === undefined && inputMode === undefined ? undefined : { maxLength, inputMode }
        }
        aria-describedby={helper ? helperId : undefined}
      />
      {helper ? <FormHelperText id={helperId}>{helper}</FormHelperText> : null}
    </FormControl>
  );
}
