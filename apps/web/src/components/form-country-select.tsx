import { useMemo, type ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { getCountryOptions } from '../lib/countries';
import { FormSelect } from './form-select';

type FormCountrySelectProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: ReactNode;
  required?: boolean;
};

/** A country chosen from the ISO code list, named in the UI language. */
export function FormCountrySelect<T extends FieldValues>({
  control,
  name,
  label,
  required = false,
}: FormCountrySelectProps<T>) {
  const { i18n } = useTranslation();
  const options = useMemo(
    () => getCountryOptions(i18n.language).map(({ code, name }) => ({ value: code, label: name })),
    [i18n.language],
  );
  return (
    <FormSelect control={control} name={name} label={label} options={options} required={required} />
  );
}
