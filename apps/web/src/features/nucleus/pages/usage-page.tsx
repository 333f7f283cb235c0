import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard } from '../../../components/chart-card';
import { formatCount } from '../../../lib/format';
import { useLimits } from '../api/get-limits';
import { useRuns } from '../api/get-runs';
import { useUsageStatistics } from '../api/get-usage-statistics';
import { NucleusLoadError } from '../components/nucleus-error';
import { RunsTable } from '../components/runs-table';
import { UsageMeter } from '../components/usage-meter';
import '../i18n/register';
import { dailyRows, shortDay } from '../utils/daily-rows';

/** The most runs read for the month's chart and the activity list. */
const RECENT_RUNS = 100;
const LISTED_RUNS = 10;

/**
 * /nucleus/usage: this month's runs and rows and the jobs working now against the plan, rows per
 * day of the month, the plan's per-run limits, and the latest runs as the activity log.
 */
export function UsagePage() {
  const { t } = useTranslation();
  const usage = useUsageStatistics();
  const limits = useLimits();
  const runs = useRuns({ page: 0, pageSize: RECENT_RUNS });
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
  const days = dailyRows(runs.data.items, { from: statistics.from, to: new Date() });
  const latest = runs.data.items.slice(0, LISTED_RUNS);
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
            rows: plan.rowLimit === null ? t('nucleus.usage.noLimit') : formatCount(plan.rowLimit),
            columns:
              plan.columnLimit === null
                ? t('nucleus.usage.noLimit')
                : formatCount(plan.columnLimit),
          })}
        </Typography>
      </Paper>
      <ChartCard title={t('nucleus.usage.rowsPerDay')} height={240}>
        <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={shortDay} tick={{ fontSize: 11 }} />
          <YAxis
            width={56}
            tick={{ fontSize: 11 }}
            tickFormatter={(value: number) => formatCount(value)}
          />
          <Tooltip
            labelFormatter={(label) => (typeof label === 'string' ? shortDay(label) : '')}
            formatter={(value) => formatCount(Number(value))}
          />
          <Bar
            dataKey="rows"
            name={t('nucleus.usage.rows')}
            fill="#1565c0"
            isAnimationActive={false}
          />
        </BarChart>
      </ChartCard>
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
    </Box>
  );
}
