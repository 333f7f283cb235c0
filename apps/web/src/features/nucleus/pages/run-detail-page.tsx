import type { TRun } from '@app/contracts/nucleus';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { formatCount } from '../../../lib/format';
import { formatMoment } from '../../../lib/format-moment';
import { useCancelRun } from '../api/cancel-run';
import { useRun } from '../api/get-run';
import { useRunLogs } from '../api/get-run-logs';
import { useRunReport } from '../api/get-run-report';
import { DeleteRunDialog } from '../components/delete-run-dialog';
import { DownloadData } from '../components/download-data';
import { GenerateDialog } from '../components/generate-dialog';
import { NucleusActionError, NucleusLoadError } from '../components/nucleus-error';
import { QualityReport } from '../components/quality-report';
import { RunLogs } from '../components/run-logs';
import { RunProgress } from '../components/run-progress';
import { RunStatusChip } from '../components/run-status-chip';
import '../i18n/register';
import { getNucleusErrorMessage } from '../utils/error-text';
import { nucleusPath } from '../utils/paths';
import { readReport } from '../utils/report';
import { isActiveStatus } from '../utils/run-status';
import { algorithmName, parameterName, runKindText } from '../utils/run-text';
import { saveJson } from '../../../lib/save-file';
import { downloadName } from '../utils/download-name';
import { countText } from '../utils/count-text';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

function RunSummary({ run }: { run: TRun }) {
  const { t } = useTranslation();
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      <Detail label={t('nucleus.runs.kind')} value={runKindText(t, run)} />
      <Detail label={t('nucleus.runs.algorithm')} value={algorithmName(t, run.algorithm)} />
      <Detail
        label={t('nucleus.runs.rows')}
        value={run.numRows === null ? '—' : formatCount(run.numRows)}
      />
      <Detail
        label={t('nucleus.run.source')}
        value={
          run.sourceRows === null || run.sourceColumns === null
            ? '—'
            : t('nucleus.profile.summary', {
                rows: countText(t, 'rows', run.sourceRows),
                columns: countText(t, 'columns', run.sourceColumns),
              })
        }
      />
      <Detail label={t('nucleus.runs.created')} value={formatMoment(run.createdAt)} />
      <Detail
        label={t('nucleus.run.started')}
        value={run.startedAt === null ? '—' : formatMoment(run.startedAt)}
      />
      <Detail
        label={t('nucleus.runs.finished')}
        value={run.finishedAt === null ? '—' : formatMoment(run.finishedAt)}
      />
      {run.parameters !== null && Object.keys(run.parameters).length > 0 ? (
        <Detail
          label={t('nucleus.run.parameters')}
          value={Object.entries(run.parameters)
            .map(([name, value]) => `${parameterName(t, name)}: ${String(value)}`)
            .join(', ')}
        />
      ) : null}
    </Box>
  );
}

function ReportSection({ run, table }: { run: TRun; table: string | null }) {
  const { t } = useTranslation();
  const report = useRunReport(run.id, { enabled: run.status === 'DONE', table });
  if (report.isError) {
    return (
      <LoadError
        error={report.error}
        onRetry={() => void report.refetch()}
        message={getNucleusErrorMessage(t, report.error)}
      />
    );
  }
  if (report.data === undefined) {
    return <Skeleton variant="rounded" height={320} aria-label={t('common.loading')} />;
  }
  const view = readReport(report.data);
  const raw = report.data;
  return (
    <Box
      component="section"
      aria-label={t('nucleus.report.title')}
      sx={{ display: 'grid', gap: 2 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="h5" component="h3" sx={{ flexGrow: 1 }}>
          {t('nucleus.report.title')}
        </Typography>
        <Button
          startIcon={<DownloadIcon />}
          onClick={() => {
            saveJson(raw, downloadName(table ?? run.fileName, 'report', 'json'));
          }}
        >
          {t('nucleus.download.report')}
        </Button>
      </Box>
      {view === null ? (
        <Alert severity="info">{t('nucleus.report.unreadable')}</Alert>
      ) : (
        <QualityReport report={view} />
      )}
    </Box>
  );
}

/**
 * /nucleus/synthesizers/runs/:runId: a run's status, progress and log, live while it works;
 * once done its quality report, downloads of the report and the rows, and more rows.
 */
export function RunDetailPage() {
  const { t } = useTranslation();
  const { runId = '' } = useParams();
  const navigate = useNavigate();
  const run = useRun(runId);
  const isLive = run.data !== undefined && isActiveStatus(run.data.status);
  const logs = useRunLogs(runId, { isLive, status: run.data?.status });
  const cancelRun = useCancelRun();
  const [isDeleting, setDeleting] = useState(false);
  const [isGenerating, setGenerating] = useState(false);
  const [chosenTable, setChosenTable] = useState<string | null>(null);

  const back = (
    <Box>
      <Button component={RouterLink} to={nucleusPath('synthesizers')} startIcon={<ArrowBackIcon />}>
        {t('nucleus.run.back')}
      </Button>
    </Box>
  );
  if (run.isError) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {back}
        <NucleusLoadError error={run.error} onRetry={() => void run.refetch()} />
      </Box>
    );
  }
  if (run.data === undefined) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }} aria-busy="true">
        {back}
        <Skeleton variant="rounded" height={160} />
        <Skeleton variant="rounded" height={240} />
      </Box>
    );
  }
  const current = run.data;
  const tables = current.tables ?? [];
  // A relational run's report and rows are per table: the first (a parent) until one is chosen.
  const table = tables.length === 0 ? null : (chosenTable ?? tables[0]?.name ?? null);
  const tablePicker =
    table === null ? null : (
      <TextField
        select
        size="small"
        label={t('nucleus.run.table')}
        value={table}
        onChange={(event) => {
          setChosenTable(event.target.value);
        }}
        sx={{ minWidth: 200, justifySelf: 'start' }}
      >
        {tables.map((entry) => (
          <MenuItem key={entry.name} value={entry.name}>
            {entry.name}
          </MenuItem>
        ))}
      </TextField>
    );
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      {back}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography variant="h5" component="h2" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
            {current.fileName}
          </Typography>
          <RunStatusChip status={current.status} />
        </Box>
        {isLive ? <RunProgress progress={current.progress} /> : null}
        {current.status === 'FAILED' ? (
          <Alert severity="error">{t('nucleus.run.failed')}</Alert>
        ) : null}
        {current.status === 'CANCELLED' ? (
          <Alert severity="warning">{t('nucleus.run.cancelled')}</Alert>
        ) : null}
        {current.status === 'DRAFT' ? (
          <Alert severity="info">{t('nucleus.run.draft')}</Alert>
        ) : null}
        <RunSummary run={current} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {isLive ? (
            <Button
              variant="outlined"
              loading={cancelRun.isPending}
              onClick={() => {
                cancelRun.mutate(current.id);
              }}
            >
              {t('nucleus.run.cancel')}
            </Button>
          ) : null}
          {current.status === 'DONE' ? (
            <Button
              variant="contained"
              onClick={() => {
                setGenerating(true);
              }}
            >
              {t('nucleus.generate.open')}
            </Button>
          ) : null}
          {isLive ? null : (
            <Button
              color="error"
              onClick={() => {
                setDeleting(true);
              }}
            >
              {t('nucleus.run.delete')}
            </Button>
          )}
        </Box>
        {cancelRun.isError ? <NucleusActionError error={cancelRun.error} /> : null}
        {current.status === 'DONE' ? (
          <>
            {tablePicker}
            <DownloadData runId={current.id} fileName={current.fileName} table={table} />
          </>
        ) : null}
      </Paper>
      {logs.isError ? (
        <LoadError
          error={logs.error}
          onRetry={() => void logs.refetch()}
          message={getNucleusErrorMessage(t, logs.error)}
        />
      ) : (
        <RunLogs logs={logs.data ?? []} />
      )}
      {current.status === 'DONE' ? <ReportSection run={current} table={table} /> : null}
      <GenerateDialog
        key={current.id}
        runId={current.id}
        rootTable={
          tables.length === 0
            ? null
            : ((tables.find((entry) => entry.isRoot) ?? tables[0])?.name ?? null)
        }
        isOpen={isGenerating}
        onClose={() => {
          setGenerating(false);
        }}
      />
      <DeleteRunDialog
        run={isDeleting ? current : null}
        onClose={() => {
          setDeleting(false);
        }}
        onDeleted={() => {
          void navigate(nucleusPath('synthesizers'), { replace: true });
        }}
      />
    </Box>
  );
}
