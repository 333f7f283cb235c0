import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import type { SelectOption } from '../../../components/form/form-select';

type OptionSelectProps = {
  label: string;
  value: string;
  options: readonly SelectOption[];
  /** The first entry's text, which stands for no choice. */
  emptyLabel: string;
  /** The first entry only prompts: it cannot be chosen back. */
  isEmptyDisabled?: boolean;
  disabled?: boolean;
  onChange: (value: string) => void;
  sx?: SxProps<Theme>;
};

/** A small native select of company, bank or account, as phones and screen readers know it. */
export function OptionSelect({
  label,
  value,
  options,
  emptyLabel,
  isEmptyDisabled = false,
  disabled = false,
  onChange,
  sx,
}: OptionSelectProps) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => {
        onChange(event.target.value);
      }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={sx}
    >
      <option value="" disabled={isEmptyDisabled}>
        {emptyLabel}
      </option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}
