import { ASSIGNABLE_ROLES } from '@app/contracts/roles';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { getRoleName } from './role-name';

type RoleSelectProps = {
  /** The chosen role, or null before one is chosen. */
  value: number | null;
  onChange: (role: number) => void;
  onBlur?: () => void;
  /** i18n key of the error, if any. */
  errorKey?: string | undefined;
  disabled?: boolean;
};

/** The role of a member: only the two assignable roles (Admin, Guest) can be given. */
export function RoleSelect({
  value,
  onChange,
  onBlur,
  errorKey,
  disabled = false,
}: RoleSelectProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const helperId = useId();
  return (
    <FormControl fullWidth size="small" required disabled={disabled} error={errorKey !== undefined}>
      <InputLabel id={labelId}>{t('team.fields.role')}</InputLabel>
      <Select
        labelId={labelId}
        label={t('team.fields.role')}
        value={value ?? ''}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        onBlur={onBlur}
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
