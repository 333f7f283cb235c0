import { ASSIGNABLE_ROLES } from '@app/contracts/roles';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useId } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { getRoleName } from './role-name';

/**
 * The member's role, a field of the surrounding `<Form>` (its `roles` list holds the one
 * chosen): only the two assignable roles (Admin, Guest) can be given.
 */
export function RoleField() {
  const { t } = useTranslation();
  const labelId = useId();
  const helperId = useId();
  const { field, fieldState } = useController<{ roles: number[] }, 'roles'>({ name: 'roles' });
  const errorKey = fieldState.error?.message;
  return (
    <FormControl fullWidth size="small" required error={errorKey !== undefined}>
      <InputLabel id={labelId}>{t('team.fields.role')}</InputLabel>
      <Select
        labelId={labelId}
        label={t('team.fields.role')}
        value={field.value[0] ?? ''}
        onChange={(event) => {
          field.onChange([event.target.value]);
        }}
        onBlur={field.onBlur}
        aria-describedby={errorKey === undefined ? undefined : helperId}
      >
        {ASSIGNABLE_ROLES.map((role) => (
          <MenuItem key={role} value={role}>
            {getRoleName(t, role)}
          </MenuItem>
        ))}
      </Select>
      {errorKey === undefined ? null : <FormHelperText id={helperId}>{t(errorKey)}</FormHelperText>}
    </FormControl>
  );
}
