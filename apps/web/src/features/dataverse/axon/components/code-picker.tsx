import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

export type CodeOption = { code: string; label: string };

type CodePickerProps = {
  /** The value's name in the surrounding `<Form>`. */
  name: string;
  label: string;
  options: readonly CodeOption[];
  /** Several codes (an array field) or one (a string field, '' for none). */
  isMultiple: boolean;
};

/**
 * Reference-data codes chosen from a searchable list (industries, use cases, a country),
 * a field of the surrounding `<Form>`; the field holds the codes, the list shows their descriptions.
 */
export function CodePicker({ name, label, options, isMultiple }: CodePickerProps) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name });
  const errorKey = fieldState.error?.message;
  const byCode = new Map(options.map((option) => [option.code, option]));
  const input = (params: object) => (
    <TextField
      {...params}
      label={label}
      size="small"
      inputRef={field.ref}
      error={errorKey !== undefined}
      helperText={errorKey === undefined ? undefined : t(errorKey)}
    />
  );
  if (isMultiple) {
    const codes = Array.isArray(field.value) ? (field.value as string[]) : [];
    return (
      <Autocomplete
        multiple
        options={options}
        value={codes.flatMap((code) => byCode.get(code) ?? [])}
        getOptionLabel={(option) => option.label}
        isOptionEqualToValue={(option, value) => option.code === value.code}
        onChange={(_event, chosen) => {
          field.onChange(chosen.map((option) => option.code));
        }}
        onBlur={field.onBlur}
        renderInput={input}
      />
    );
  }
  const code = typeof field.value === 'string' ? field.value : '';
  return (
    <Autocomplete
      options={options}
      value={byCode.get(code) ?? null}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(option, value) => option.code === value.code}
      onChange={(_event, chosen) => {
        field.onChange(chosen?.code ?? '');
      }}
      onBlur={field.onBlur}
      renderInput={input}
    />
  );
}
