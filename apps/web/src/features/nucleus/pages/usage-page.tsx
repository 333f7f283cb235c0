import { NUCLEUS_NEURON } from '@app/contracts/nucleus';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CallLogSection } from '../../../components/call-log/call-log-section';
import { useLimits } from '../api/get-limits';
import { useRuns } from '../api/get-runs';
import { useUsageStatistics } from '../api/get-usage-statistics';
import { NucleusLoadError } from '../components/nucleus-error';
import { RunsTable } from '../components/runs-table';
import { UsageChart } from '../components/usage-chart';
import { UsageMeter } from '../components/usage-meter';
import '../i18n/register';
import { countText } from '../utils/count-text';
import { fullDay, monthName, shortDay } from '../utils/usage-series';

const LISTED_RUNS = 10;

/**
 * /nucleus/usage: this month's runs and rows and the jobs working now against the plan, the
 * plan's per-run limits, rows and runs per day of the month and per month of the last twelve
 * (edge runs included), the latest runs, and the team's Nucleus API calls of the month.
 */
export function UsagePage() {
  const { t, i18n } = useTranslation();
  const usage = useUsageStatistics();
  const limits = useLimits();
  const runs = useRuns({ page: 0, pageSize: LISTED_RUNS });
  const error = usage.error ?? limits.error ?? runs.error;

  const heading = (
    <Typography variant="h5" component="h2">
      {t('nucleus.usage.title')}
    </Typography>
  );
  if (error !== null) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {heading}
        <NucleusLoadError
          error={error}
          onRetry={() => {
            void usage.refetch();
            void limits.refetch();
            void runs.refetch();
          }}
        />
      </Box>
    );
  }
  if (usage.data === undefined || limits.data === undefined || runs.data === undefined) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }} aria-busy="true">
        {heading}
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={280} />
      </Box>
    );
  }
  const statistics = usage.data;
  const plan = limits.data;
  const latest = runs.data.items;
  const month = (period: string) => monthName(period, i18n.language);
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      {heading}
      <Typography color="text.secondary">
        {t('nucleus.usage.plan', { name: plan.planName })}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <UsageMeter
          label={t('nucleus.usage.runsThisMonth')}
          used={statistics.runs}
          limit={statistics.runLimit}
        />
        <UsageMeter
          label={t('nucleus.usage.rowsThisMonth')}
          used={statistics.rows}
          limit={statistics.monthlyRowLimit}
        />
        <UsageMeter
          label={t('nucleus.usage.concurrentJobs')}
          used={statistics.activeJobs}
          limit={statistics.concurrentJob}
        />
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Typography variant="subtitle2" component="h3" color="text.secondary">
          {t('nucleus.usage.perRun')}
        </Typography>
        <Typography>
          {t('nucleus.usage.perRunLimits', {
            rows:
              plan.rowLimit === null
                ? t('nucleus.usage.anyRows')
                : countText(t, 'rows', plan.rowLimit),
            columns:
              plan.columnLimit === null
                ? t('nucleus.usage.anyColumns')
                : countText(t, 'columns', plan.columnLimit),
          })}
        </Typography>
      </Paper>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <UsageChart
          title={t('nucleus.usage.perDay')}
          points={statistics.days.map(({ day, ...counts }) => ({ period: day, ...counts }))}
          tick={shortDay}
          label={fullDay}
          summaryKey="nucleus.usage.daySummary"
        />
        <UsageChart
          title={t('nucleus.usage.perMonth')}
          points={statistics.months.map(({ month: period, ...counts }) => ({ period, ...counts }))}
          tick={month}
          label={month}
          summaryKey="nucleus.usage.monthSummary"
        />
      </Box>
      <Box
        component="section"
        aria-label={t('nucleus.usage.activity')}
        sx={{ display: 'grid', gap: 1, minWidth: 0 }}
      >
        <Typography variant="h6" component="h3">
          {t('nucleus.usage.activity')}
        </Typography>
        {latest.length === 0 ? (
          <Typography color="text.secondary">{t('nucleus.runs.empty')}</Typography>
        ) : (
          <Paper variant="outlined" sx={{ minWidth: 0 }}>
            <RunsTable runs={latest} />
          </Paper>
        )}
      </Box>
      <CallLogSection
        neuron={NUCLEUS_NEURON}
        period="month"
        ErrorView={NucleusLoadError}
        headingComponent="h3"
      />
    </Box>
  );
}
