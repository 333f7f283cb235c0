import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useController } from 'react-hook-form';
import type { SelectOption } from './form-select';

type FormRadioGroupProps = { name: string; label: string; options: readonly SelectOption[] };

/** One of a few options of the surrounding `<Form>`, all in view. */
export function FormRadioGroup({ name, label, options }: FormRadioGroupProps) {
  const { field } = useController({ name });
  const value: unknown = field.value;
  return (
    <RadioGroup
      aria-label={label}
      name={field.name}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => {
        field.onChange(event.target.value);
      }}
    >
      {options.map((option) => (
        <FormControlLabel
          key={option.value}
          value={option.value}
          control={<Radio onBlur={field.onBlur} />}
          label={option.label}
        />
      ))}
    </RadioGroup>
  );
}

type FormRadioProps = { name: string; value: string; label: string };

/**
 * One option of a choice whose options are spread out (one per row of a table): checked while
 * the value is its own; its label is for screen readers, the row says it.
 */
export function FormRadio({ name, value, label }: FormRadioProps) {
  const { field } = useController({ name });
  return (
    <Radio
      name={field.name}
      value={value}
      checked={field.value === value}
      onChange={() => {
        field.onChange(value);
      }}
      onBlur={field.onBlur}
      slotProps={{ input: { 'aria-label': label } }}
    />
  );
}
