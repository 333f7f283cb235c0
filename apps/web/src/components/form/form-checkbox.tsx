import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import type { ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { VISUALLY_HIDDEN } from '../visually-hidden';

type FormCheckboxProps = {
  name: string;
  label: ReactNode;
  /** Only for screen readers: a table cell under a header that names it. */
  isLabelHidden?: boolean;
};

/** A box to tick in the surrounding `<Form>`: its value is true once ticked. */
export function FormCheckbox({ name, label, isLabelHidden = false }: FormCheckboxProps) {
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
        label={
          isLabelHidden ? (
            <Box component="span" sx={VISUALLY_HIDDEN}>
              {label}
            </Box>
          ) : (
            label
          )
        }
        sx={isLabelHidden ? { m: 0 } : undefined}
      />
      {errorKey === undefined ? null : <FormHelperText>{t(errorKey)}</FormHelperText>}
    </FormControl>
  );
}
