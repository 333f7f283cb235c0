import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { Controller, useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field';

/** The fields every form that opens an account ends with. */
type NewAccountValues = { password: string; confirmPassword: string; acceptTerms: unknown };

/** First and last name side by side, the first field of a form that opens an account. */
export function NameFields<T extends FieldValues & { firstName: string; lastName: string }>({
  control,
}: {
  control: Control<T>;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
      <FormTextField
        control={control}
        name={'firstName' as Path<T>}
        label={t('auth.fields.firstName')}
        autoComplete="given-name"
        autoFocus
        required
      />
      <FormTextField
        control={control}
        name={'lastName' as Path<T>}
        label={t('auth.fields.lastName')}
        autoComplete="family-name"
        required
      />
    </Box>
  );
}

/** True once the terms box is ticked (the schema types it `true`; until then it is not). */
export function useHasAcceptedTerms<T extends FieldValues & NewAccountValues>(
  control: Control<T>,
): boolean {
  const acceptTerms: unknown = useWatch({ control, name: 'acceptTerms' as Path<T> });
  return acceptTerms === true;
}

/** Password, its confirmation and the terms-of-service box of sign-up and invitation pages. */
export function NewAccountFields<T extends FieldValues & NewAccountValues>({
  control,
}: {
  control: Control<T>;
}) {
  const { t } = useTranslation();
  const hasAcceptedTerms = useHasAcceptedTerms(control);
  return (
    <>
      <FormTextField
        control={control}
        name={'password' as Path<T>}
        label={t('auth.fields.password')}
        type="password"
        autoComplete="new-password"
        required
        hint={t('auth.passwordHint')}
      />
      <FormTextField
        control={control}
        name={'confirmPassword' as Path<T>}
        label={t('auth.fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
      />
      <Controller
        control={control}
        name={'acceptTerms' as Path<T>}
        render={({ field, fieldState }) => (
          <FormControl error={fieldState.error !== undefined}>
            <FormControlLabel
              control={
                <Checkbox
                  name={field.name}
                  slotProps={{ input: { ref: field.ref } }}
                  checked={hasAcceptedTerms}
                  onChange={(event) => {
                    field.onChange(event.target.checked);
                  }}
                  onBlur={field.onBlur}
                />
              }
              label={t('auth.signUp.acceptTerms')}
            />
            {fieldState.error?.message === undefined ? null : (
              <FormHelperText>{t(fieldState.error.message)}</FormHelperText>
            )}
          </FormControl>
        )}
      />
    </>
  );
}
