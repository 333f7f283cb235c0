import type { TRun } from '@app/contracts/nucleus';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatMoment } from '../../../lib/format-moment';
import { formatCount } from '../../../lib/format';
import { runPath } from '../utils/paths';
import { isActiveStatus } from '../utils/run-status';
import { algorithmName, runKindText } from '../utils/run-text';
import { RunProgress } from './run-progress';
import { RunStatusChip } from './run-status-chip';

type RunsTableProps = {
  runs: TRun[];
  /** Without handlers the table only lists (the usage page). */
  onCancel?: (run: TRun) => void;
  onDelete?: (run: TRun) => void;
  cancellingId?: string | null;
};

/** Runs a row each: file, status and progress, kind, algorithm, rows, dates, actions. */
export function RunsTable({ runs, onCancel, onDelete, cancellingId = null }: RunsTableProps) {
  const { t } = useTranslation();
  const hasActions = onCancel !== undefined || onDelete !== undefined;
  return (
    <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
      <Table size="small" aria-label={t('nucleus.runs.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('nucleus.runs.file')}</TableCell>
            <TableCell>{t('nucleus.runs.status')}</TableCell>
            <TableCell>{t('nucleus.runs.kind')}</TableCell>
            <TableCell>{t('nucleus.runs.algorithm')}</TableCell>
            <TableCell align="right">{t('nucleus.runs.rows')}</TableCell>
            <TableCell>{t('nucleus.runs.created')}</TableCell>
            <TableCell>{t('nucleus.runs.finished')}</TableCell>
            {hasActions ? <TableCell>{t('nucleus.runs.actions')}</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {runs.map((run) => (
            <TableRow key={run.id} aria-label={run.fileName}>
              <TableCell component="th" scope="row" sx={{ minWidth: 140, maxWidth: 240 }}>
                <Link
                  component={RouterLink}
                  to={runPath(run.id)}
                  sx={{ overflowWrap: 'break-word' }}
                >
                  {run.fileName}
                </Link>
              </TableCell>
              <TableCell>
                <Box sx={{ display: 'grid', gap: 0.5, minWidth: 120 }}>
                  <RunStatusChip status={run.status} />
                  {isActiveStatus(run.status) ? (
                    <RunProgress
                      progress={run.progress}
                      label={t('nucleus.run.progressOf', { name: run.fileName })}
                    />
                  ) : null}
                </Box>
              </TableCell>
              <TableCell>{runKindText(t, run)}</TableCell>
              <TableCell>{algorithmName(t, run.algorithm)}</TableCell>
              <TableCell align="right">
                {run.numRows === null ? '—' : formatCount(run.numRows)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMoment(run.createdAt)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {run.finishedAt === null ? '—' : formatMoment(run.finishedAt)}
              </TableCell>
              {hasActions ? (
                <TableCell>
                  {isActiveStatus(run.status) && onCancel !== undefined ? (
                    <Button
                      size="small"
                      loading={cancellingId === run.id}
                      onClick={() => {
                        onCancel(run);
                      }}
                      aria-label={t('nucleus.runs.cancelOf', { name: run.fileName })}
                    >
                      {t('nucleus.run.cancel')}
                    </Button>
                  ) : null}
                  {!isActiveStatus(run.status) && onDelete !== undefined ? (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => {
                        onDelete(run);
                      }}
                      aria-label={t('nucleus.runs.deleteOf', { name: run.fileName })}
                    >
                      {t('nucleus.run.delete')}
                    </Button>
                  ) : null}
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
