import type { TDatasetField } from '@app/contracts/dataverse';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format';
import '../axon/i18n/register';
import { columnTypeText } from '../axon/utils/column-type';

/** The 'Columns' tab: each column's type, unique and missing values, target and sensitive flags. */
export function ColumnsTable({ fields, label }: { fields: TDatasetField[]; label: string }) {
  const { t } = useTranslation();
  const yes = t('dataverse.columns.yes');
  const no = t('dataverse.columns.no');
  return (
    <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{t('dataverse.columns.name')}</TableCell>
            <TableCell>{t('dataverse.columns.type')}</TableCell>
            <TableCell align="right">{t('dataverse.columns.unique')}</TableCell>
            <TableCell align="right">{t('dataverse.columns.missing')}</TableCell>
            <TableCell>{t('dataverse.columns.target')}</TableCell>
            <TableCell>{t('dataverse.columns.sensitive')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {[...fields]
            .sort((a, b) => a.dsfOrder - b.dsfOrder)
            .map((field) => (
              <TableRow key={field.dsfName}>
                <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                  {field.dsfName}
                </TableCell>
                <TableCell>{field.dsfType.domelDesc}</TableCell>
                <TableCell align="right">{formatCount(field.uniqueValues)}</TableCell>
                <TableCell align="right">{formatCount(field.missingValues)}</TableCell>
                <TableCell>{field.dsfIstarget ? yes : no}</TableCell>
                <TableCell>
                  {field.dsfIssensitive
                    ? field.dsfSensitive
                      ? t('dataverse.columns.sensitiveKind', {
                          kind: columnTypeText(t, `pii:${field.dsfSensitive}`),
                        })
                      : yes
                    : no}
                </TableCell>
              </TableRow>
            ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
