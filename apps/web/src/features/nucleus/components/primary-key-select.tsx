import type { TDataProfile } from '@app/contracts/nucleus';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

type PrimaryKeySelectProps = {
  profile: TDataProfile;
  /** '' for none. */
  value: string;
  /** Said under the field instead of the profile's suggestion (a problem with the choice). */
  error?: string | null;
  /** Said under the field when no key is chosen, instead of the profile's suggestion. */
  noKeyHelp?: string;
  onChange: (primaryKey: string) => void;
  sx?: SxProps<Theme>;
};

/**
 * The column that identifies a row (drawn as new unique keys, not imitated), or none; the
 * profile's key column is suggested.
 */
export function PrimaryKeySelect(props: PrimaryKeySelectProps) {
  const { profile, value, error, noKeyHelp, onChange, sx } = props;
  const { t } = useTranslation();
  const isSuggested = profile.columns.some((column) => column.isKey);
  return (
    <TextField
      select
      size="small"
      label={t('nucleus.relational.primaryKey')}
      value={value}
      error={Boolean(error)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      helperText={
        error ||
        (value === '' && noKeyHelp) ||
        (isSuggested ? t('nucleus.relational.keySuggested') : ' ')
      }
      onChange={(event) => {
        onChange(event.target.value);
      }}
      sx={sx}
    >
      <MenuItem value="">{t('nucleus.relational.noKey')}</MenuItem>
      {profile.columns.map((column) => (
        <MenuItem key={column.name} value={column.name}>
          {column.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
