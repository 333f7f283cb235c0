import {
  LISTED_RUN_KINDS,
  RUN_STATUSES,
  SINTEZA_ALGORITHMS,
  SINTEZA_RUNS_PAGE_SIZE,
  type TRun,
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
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useCancelRun } from '../api/cancel-run';
import { useRuns } from '../api/get-runs';
import { DeleteRunDialog } from '../components/delete-run-dialog';
import { NucleusActionError, NucleusLoadError } from '../components/nucleus-error';
import { RunsTable } from '../components/runs-table';
import '../i18n/register';
import { nucleusPath } from '../utils/paths';
import {
  hasRunFilter,
  isRangeReversed,
  readRunFilters,
  toRunsQuery,
  withRunFilter,
  type RunFilterName,
} from '../utils/run-filters';
import { algorithmName } from '../utils/run-text';

/** The address's page, 1-based there (absent on the first). */
function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 ? page - 1 : 0;
}

/**
 * /nucleus/synthesizers: the team's runs, newest first, by status, algorithm, kind and creation
 * day (kept in the address), a page at a time; the list follows the runs that are queued or
 * running; one can be cancelled, a finished one deleted.
 */
export function RunsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = readRunFilters(params);
  const isFiltered = hasRunFilter(filters);
  const isReversed = isRangeReversed(filters);
  const runs = useRuns({
    ...toRunsQuery(filters),
    page: readPage(params),
    pageSize: SINTEZA_RUNS_PAGE_SIZE,
  });
  const cancelRun = useCancelRun();
  const [deleting, setDeleting] = useState<TRun | null>(null);
  const filterProps = (name: RunFilterName, label: string) => ({
    size: 'small' as const,
    label,
    value: filters[name],
    slotProps: { select: { displayEmpty: true }, inputLabel: { shrink: true } },
    onChange: (event: { target: { value: string } }) => {
      setParams(withRunFilter(params, name, event.target.value));
    },
  });

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {t('nucleus.runs.title')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          component={RouterLink}
          to={nucleusPath('synthesize')}
        >
          {t('nucleus.runs.new')}
        </Button>
      </Box>
      <Box
        role="search"
        aria-label={t('nucleus.runs.filters')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
      >
        <TextField
          select
          {...filterProps('status', t('nucleus.runs.statusFilter'))}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t('nucleus.runs.allStatuses')}</MenuItem>
          {RUN_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`nucleus.status.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          {...filterProps('algorithm', t('nucleus.runs.algorithmFilter'))}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{t('nucleus.runs.allAlgorithms')}</MenuItem>
          {SINTEZA_ALGORITHMS.map((value) => (
            <MenuItem key={value} value={value}>
              {algorithmName(t, value)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          {...filterProps('kind', t('nucleus.runs.kindFilter'))}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('nucleus.runs.allKinds')}</MenuItem>
          {LISTED_RUN_KINDS.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`nucleus.kind.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField type="date" {...filterProps('from', t('nucleus.runs.createdFrom'))} />
        <TextField
          type="date"
          {...filterProps('to', t('nucleus.runs.createdTo'))}
          error={isReversed}
          helperText={isReversed ? t('nucleus.runs.reversedDays') : undefined}
        />
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
            {isFiltered ? t('nucleus.runs.emptyFiltered') : t('nucleus.runs.empty')}
          </Typography>
          {isFiltered ? null : (
            <Button variant="outlined" component={RouterLink} to={nucleusPath('synthesize')}>
              {t('nucleus.runs.new')}
            </Button>
          )}
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
              const nextParams = new URLSearchParams(params);
              if (next === 0) nextParams.delete('page');
              else nextParams.set('page', String(next + 1));
              setParams(nextParams);
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
