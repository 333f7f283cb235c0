import {
  RUN_STATUSES,
  SINTEZA_RUNS_PAGE_SIZE,
  type TRun,
  type TRunStatus,
} from '@app/contracts/nucleus';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCancelRun } from '../api/cancel-run';
import { useRuns } from '../api/get-runs';
import { DeleteRunDialog } from '../components/delete-run-dialog';
import { NucleusActionError, NucleusLoadError } from '../components/nucleus-error';
import { RunsTable } from '../components/runs-table';
import '../i18n/register';
import { nucleusPath } from '../utils/paths';

/**
 * /nucleus/synthesizers: the team's runs, newest first, by status, a page at a time; the list
 * follows the runs that are queued or running; one can be cancelled, a finished one deleted.
 */
export function RunsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TRunStatus | ''>('');
  const [page, setPage] = useState(0);
  const runs = useRuns({
    status: status === '' ? undefined : status,
    page,
    pageSize: SINTEZA_RUNS_PAGE_SIZE,
  });
  const cancelRun = useCancelRun();
  const [deleting, setDeleting] = useState<TRun | null>(null);

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {t('nucleus.runs.title')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('nucleus.runs.statusFilter')}
          value={status}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          onChange={(event) => {
            setStatus(event.target.value as TRunStatus | '');
            setPage(0);
          }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('nucleus.runs.allStatuses')}</MenuItem>
          {RUN_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`nucleus.status.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          component={RouterLink}
          to={nucleusPath('synthesize')}
        >
          {t('nucleus.runs.new')}
        </Button>
      </Box>
      {cancelRun.isError ? <NucleusActionError error={cancelRun.error} /> : null}
      {runs.isError ? (
        <NucleusLoadError error={runs.error} onRetry={() => void runs.refetch()} />
      ) : runs.data === undefined ? (
        <Box sx={{ display: 'grid', gap: 1 }} aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton variant="rounded" height={40} />
          <Skeleton variant="rounded" height={40} />
          <Skeleton variant="rounded" height={40} />
        </Box>
      ) : runs.data.items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, display: 'grid', gap: 2, justifyItems: 'start' }}>
          <Typography>
            {status === '' ? t('nucleus.runs.empty') : t('nucleus.runs.emptyStatus')}
          </Typography>
          {status === '' ? (
            <Button variant="outlined" component={RouterLink} to={nucleusPath('synthesize')}>
              {t('nucleus.runs.new')}
            </Button>
          ) : null}
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ minWidth: 0 }}>
          <RunsTable
            runs={runs.data.items}
            cancellingId={cancelRun.isPending ? cancelRun.variables : null}
            onCancel={(run) => {
              cancelRun.mutate(run.id);
            }}
            onDelete={setDeleting}
          />
          <TablePagination
            component="div"
            count={runs.data.total}
            page={runs.data.page}
            rowsPerPage={runs.data.pageSize}
            rowsPerPageOptions={[]}
            onPageChange={(_, next) => {
              setPage(next);
            }}
            labelDisplayedRows={({ from, to, count }) =>
              t('nucleus.runs.displayed', { from, to, count })
            }
            getItemAriaLabel={(type) =>
              type === 'next' ? t('nucleus.runs.nextPage') : t('nucleus.runs.previousPage')
            }
          />
        </Paper>
      )}
      <DeleteRunDialog
        run={deleting}
        onClose={() => {
          setDeleting(null);
        }}
      />
    </Box>
  );
}
