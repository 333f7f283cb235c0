import {
  SINTEZA_COLUMN_ACTIONS,
  SINTEZA_COLUMN_KINDS,
  type TDataProfile,
} from '@app/contracts/nucleus';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format';
import { DistributionSparkline } from './distribution-sparkline';
import {
  detectedTypeText,
  isColumnKind,
  personalDataText,
  type ColumnAction,
  type ColumnSetting,
} from '../utils/column-choices';

type ColumnSettingsTableProps = {
  profile: TDataProfile;
  /** The chosen key column ('' for none), marked Key. */
  primaryKey: string;
  settings: Record<string, ColumnSetting>;
  onChange: (name: string, setting: ColumnSetting) => void;
};

/**
 * The upload's profile, a row per column (type, missing, distinct, distribution, personal data,
 * the chosen key), with what to do with each: keep, drop or replace its values, and a type
 * override. The table scrolls inside its own box on a phone.
 */
export function ColumnSettingsTable(props: ColumnSettingsTableProps) {
  const { profile, primaryKey, settings, onChange } = props;
  const { t } = useTranslation();
  return (
    <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
      <Table size="small" aria-label={t('nucleus.profile.columnsLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('nucleus.profile.column')}</TableCell>
            <TableCell>{t('nucleus.profile.type')}</TableCell>
            <TableCell align="right">{t('nucleus.profile.missing')}</TableCell>
            <TableCell align="right">{t('nucleus.profile.distinct')}</TableCell>
            <TableCell>{t('nucleus.profile.distribution.title')}</TableCell>
            <TableCell>{t('nucleus.profile.flags')}</TableCell>
            <TableCell>{t('nucleus.profile.action')}</TableCell>
            <TableCell>{t('nucleus.profile.typeOverride')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {profile.columns.map((column) => {
            const setting = settings[column.name] ?? { action: 'keep', type: '' };
            return (
              <TableRow key={column.name}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                  {column.name}
                </TableCell>
                <TableCell>{detectedTypeText(t, column.type)}</TableCell>
                <TableCell align="right">{formatCount(column.missing)}</TableCell>
                <TableCell align="right">{formatCount(column.distinct)}</TableCell>
                <TableCell>
                  <DistributionSparkline distribution={column.distribution} />
                </TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                    {column.name === primaryKey ? (
                      <Chip size="small" color="primary" label={t('nucleus.profile.key')} />
                    ) : null}
                    {column.personalData === null ? null : (
                      <Chip
                        size="small"
                        color="warning"
                        label={t('nucleus.profile.personalData', {
                          kind: personalDataText(t, column.personalData),
                        })}
                      />
                    )}
                  </Box>
                </TableCell>
                <TableCell>
                  <TextField
                    select
                    size="small"
                    value={setting.action}
                    slotProps={{
                      htmlInput: {
                        'aria-label': t('nucleus.profile.actionOf', { name: column.name }),
                      },
                    }}
                    onChange={(event) => {
                      onChange(column.name, {
                        ...setting,
                        action: event.target.value as ColumnAction,
                      });
                    }}
                    sx={{ minWidth: 130 }}
                  >
                    {SINTEZA_COLUMN_ACTIONS.map((action) => (
                      <MenuItem key={action} value={action}>
                        {t(`nucleus.actions.${action}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
                <TableCell>
                  <TextField
                    select
                    size="small"
                    value={setting.type}
                    slotProps={{
                      select: { displayEmpty: true },
                      htmlInput: {
                        'aria-label': t('nucleus.profile.typeOf', { name: column.name }),
                      },
                    }}
                    disabled={setting.action === 'drop'}
                    onChange={(event) => {
                      const value = event.target.value;
                      onChange(column.name, { ...setting, type: isColumnKind(value) ? value : '' });
                    }}
                    sx={{ minWidth: 150 }}
                  >
                    <MenuItem value="">{t('nucleus.profile.asProfiled')}</MenuItem>
                    {SINTEZA_COLUMN_KINDS.map((kind) => (
                      <MenuItem key={kind} value={kind}>
                        {t(`nucleus.kinds.${kind}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
