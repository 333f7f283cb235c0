import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import type { ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** A box to tick in the surrounding `<Form>`: its value is true once ticked. */
export function FormCheckbox({ name, label }: { name: string; label: ReactNode }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name });
  const errorKey = fieldState.error?.message;
  return (
    <FormControl error={errorKey !== undefined}>
      <FormControlLabel
        control={
          <Checkbox
            name={field.name}
            slotProps={{ input: { ref: field.ref } }}
            checked={field.value === true}
            onChange={(event) => {
              field.onChange(event.target.checked);
            }}
            onBlur={field.onBlur}
          />
        }
        label={label}
      />
      {errorKey === undefined ? null : <FormHelperText>{t(errorKey)}</FormHelperText>}
    </FormControl>
  );
}
