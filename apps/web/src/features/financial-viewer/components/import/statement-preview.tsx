import { IMPORT_PREVIEW_ROWS, type TStatementPreview } from '@app/contracts/financial-viewer';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import NativeSelect from '@mui/material/NativeSelect';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatEuroCents } from '../../../../lib/format';
import { formatIsoDate } from '../../utils/dates';
import { OFFERED_ROLES, type MappingRole } from '../../utils/column-mapping';

type StatementPreviewProps = {
  preview: TStatementPreview;
  roles: readonly MappingRole[];
  onRoleChange: (index: number, role: MappingRole) => void;
  /** The preview is being read again with the edited mapping. */
  isUpdating: boolean;
  /** Why the edited mapping cannot be used, already translated. */
  mappingError?: string | undefined;
};

/**
 * What the server read of the file: how many movements, their total and dates, and its first
 * rows under a row of selects saying what each column holds (the user may correct them).
 */
export function StatementPreview({
  preview,
  roles,
  onRoleChange,
  isUpdating,
  mappingError,
}: StatementPreviewProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const headers = preview.columns;
  const body = preview.headerRow === null ? preview.rows : preview.rows.slice(1);
  const shown = body.slice(page * IMPORT_PREVIEW_ROWS, (page + 1) * IMPORT_PREVIEW_ROWS);

  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Box
        component="dl"
        aria-label={t('financialViewer.import.readSummary')}
        sx={{
          m: 0,
          display: 'grid',
          gap: 1,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
          '& dd': { m: 0, fontWeight: 500 },
        }}
      >
        <Paper variant="outlined" sx={{ p: 1.5 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t('financialViewer.import.transactionCount')}
          </Typography>
          <Typography component="dd">{formatCount(preview.transactionCount)}</Typography>
        </Paper>
        <Paper variant="outlined" sx={{ p: 1.5 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t('financialViewer.import.total')}
          </Typography>
          <Typography component="dd">{formatEuroCents(preview.total)}</Typography>
        </Paper>
        <Paper variant="outlined" sx={{ p: 1.5 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t('financialViewer.import.dateRange')}
          </Typography>
          <Typography component="dd">
            {preview.firstDate && preview.lastDate
              ? t('financialViewer.import.dateRangeValue', {
                  from: formatIsoDate(preview.firstDate),
                  to: formatIsoDate(preview.lastDate),
                })
              : '—'}
          </Typography>
        </Paper>
      </Box>
      {preview.errorCount > 0 ? (
        <Alert severity="warning">
          {t('financialViewer.import.unreadRows', { number: formatCount(preview.errorCount) })}
        </Alert>
      ) : null}
      {mappingError ? <Alert severity="error">{mappingError}</Alert> : null}
      <Typography variant="body2" color="text.secondary">
        {t('financialViewer.import.mappingHint')}
      </Typography>
      <Box sx={{ minHeight: 4 }}>{isUpdating ? <LinearProgress /> : null}</Box>
      <TableContainer
        component={Paper}
        variant="outlined"
        sx={{ maxWidth: '100%', overflowX: 'auto' }}
      >
        <Table size="small" aria-label={t('financialViewer.import.previewLabel')}>
          <TableHead>
            <TableRow>
              {headers.map((column, index) => {
                const role = roles[index] ?? 'ignore';
                const options = OFFERED_ROLES.includes(role)
                  ? OFFERED_ROLES
                  : [...OFFERED_ROLES, role];
                return (
                  <TableCell key={column.index} sx={{ minWidth: 150, verticalAlign: 'bottom' }}>
                    <NativeSelect
                      value={role}
                      disabled={isUpdating}
                      onChange={(event) => {
                        onRoleChange(index, event.target.value as MappingRole);
                      }}
                      inputProps={{
                        'aria-label': t('financialViewer.import.roleOf', {
                          column: column.header || String(index + 1),
                        }),
                      }}
                      sx={{ fontSize: 14, width: '100%' }}
                    >
                      {options.map((option) => (
                        <option key={option} value={option}>
                          {t(`financialViewer.import.roles.${option}`)}
                        </option>
                      ))}
                    </NativeSelect>
                  </TableCell>
                );
              })}
            </TableRow>
            <TableRow>
              {headers.map((column, index) => (
                <TableCell key={column.index} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {column.header || t('financialViewer.import.columnNumber', { number: index + 1 })}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row, rowIndex) => (
              <TableRow key={rowIndex}>
                {headers.map((column, index) => (
                  <TableCell key={column.index} sx={{ whiteSpace: 'nowrap' }}>
                    {row[index] ?? ''}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {body.length > IMPORT_PREVIEW_ROWS ? (
        <TablePagination
          component="div"
          count={body.length}
          page={page}
          rowsPerPage={IMPORT_PREVIEW_ROWS}
          rowsPerPageOptions={[IMPORT_PREVIEW_ROWS]}
          onPageChange={(_event, next) => {
            setPage(next);
          }}
        />
      ) : null}
    </Box>
  );
}
