import { SINTEZA_HOLDOUT, type TDataProfile } from '@app/contracts/nucleus';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { formatCount, formatPercent } from '../../../lib/format';

type TargetSelectProps = {
  /** The columns the report could predict: yes/no columns that are kept and not the key. */
  columns: string[];
  /** '' lets the report pick one. */
  value: string;
  /** Said under the field instead of the explanation (a problem with the choice). */
  error?: string | null;
  onChange: (target: string) => void;
};

/** The profile's columns with exactly two values and no personal data: what a target can be. */
export function binaryColumns(profile: TDataProfile): string[] {
  return profile.columns
    .filter((column) => column.distinct === 2 && column.personalData === null)
    .map((column) => column.name);
}

/**
 * The yes/no column the report's machine-learning efficacy predicts, or none chosen (the report
 * picks one); explains what is measured on which rows.
 */
export function TargetSelect({ columns, value, error, onChange }: TargetSelectProps) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('nucleus.synthesize.target')}
      value={value}
      error={Boolean(error)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      helperText={
        error ||
        (columns.length === 0
          ? t('nucleus.synthesize.targetNone')
          : t('nucleus.synthesize.targetHelp', {
              share: formatPercent(SINTEZA_HOLDOUT.share),
              minRows: formatCount(SINTEZA_HOLDOUT.minRows),
              maxRows: formatCount(SINTEZA_HOLDOUT.maxRows),
            }))
      }
      onChange={(event) => {
        onChange(event.target.value);
      }}
      sx={{ maxWidth: 480 }}
    >
      <MenuItem value="">{t('nucleus.synthesize.targetAutomatic')}</MenuItem>
      {columns.map((name) => (
        <MenuItem key={name} value={name}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
}
