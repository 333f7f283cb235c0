import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getCountryOptions } from '../../lib/countries';
import { FormSelect } from './form-select';

type FormCountrySelectProps = { name: string; label: ReactNode; required?: boolean };

/** A country chosen from the ISO code list, named in the UI language. */
export function FormCountrySelect({ name, label, required = false }: FormCountrySelectProps) {
  const { i18n } = useTranslation();
  const options = useMemo(
    () => getCountryOptions(i18n.language).map(({ code, name }) => ({ value: code, label: name })),
    [i18n.language],
  );
  return <FormSelect name={name} label={label} options={options} required={required} />;
}
