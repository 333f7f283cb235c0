import '../i18n/register';
import type { TUsageStatisticsResponse, UsagePeriod } from '@app/contracts/neuron-access';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { useUsageStatistics } from '../api/get-usage-statistics';
import { ChartCard } from '../../../components/chart-card';
import { SERIES_COLORS } from '../utils/series-colors';
import { FigureBox, FigureRow } from '../../../components/figure-box';
import { LoadingBlock } from '../components/loading-block';
import { NeuronLoadError } from '../components/neuron-load-error';
import { PageHeading } from '../components/page-heading';
import { PeriodSwitch } from '../../../components/period-switch';
import { emptyUsageDay, fillDays } from '../utils/daily-series';
import { formatMs } from '../../../lib/format';
import { errorRate, formatCount, formatDay, formatPercent } from '../utils/format';

function PerformanceCharts({ statistics }: { statistics: TUsageStatisticsResponse }) {
  const { t } = useTranslation();
  const days = useMemo(
    () =>
      fillDays({ from: statistics.from, days: statistics.days, empty: emptyUsageDay }).map(
        (day) => ({
          ...day,
          errorRate: errorRate(day.errors, day.calls),
        }),
      ),
    [statistics],
  );
  const hasLatency = days.some((day) => day.p50Ms !== null || day.p95Ms !== null);
  const tick = (value: unknown) => formatDay(value, { short: true });
  const label = (value: unknown) => formatDay(value);
  const ms = (value: unknown) => (typeof value === 'number' ? formatMs(value) : '—');
  const percent = (value: unknown) => (typeof value === 'number' ? formatPercent(value) : '—');
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      {hasLatency ? (
        <ChartCard title={t('neuronAccess.performance.latencyChart')}>
          <LineChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tickFormatter={tick} minTickGap={16} fontSize={12} />
            <YAxis tickFormatter={ms} fontSize={12} width={72} />
            <Tooltip labelFormatter={label} formatter={ms} />
            <Legend />
            <Line
              type="monotone"
              dataKey="p50Ms"
              name={t('neuronAccess.performance.p50')}
              stroke={SERIES_COLORS.p50}
              dot={false}
              isAnimationActive={false}
            />
            <Line
              type="monotone"
              dataKey="p95Ms"
              name={t('neuronAccess.performance.p95')}
              stroke={SERIES_COLORS.p95}
              strokeDasharray="5 3"
              dot={false}
              isAnimationActive={false}
            />
          </LineChart>
        </ChartCard>
      ) : (
        <Alert severity="info">{t('neuronAccess.performance.noLatency')}</Alert>
      )}
      <ChartCard title={t('neuronAccess.performance.errorRateChart')}>
        <LineChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={tick} minTickGap={16} fontSize={12} />
          <YAxis tickFormatter={percent} domain={[0, 1]} fontSize={12} width={64} />
          <Tooltip labelFormatter={label} formatter={percent} />
          <Line
            type="monotone"
            dataKey="errorRate"
            name={t('neuronAccess.performance.errorRate')}
            stroke={SERIES_COLORS.errors}
            isAnimationActive={false}
          />
        </LineChart>
      </ChartCard>
    </Box>
  );
}

/**
 * How the neuron answers the team's calls: the median and 95th-percentile latency per day and
 * over the period, and the share of calls that failed.
 */
export function PerformancePage() {
  const { t } = useTranslation();
  const { neuron = '' } = useParams();
  const [period, setPeriod] = useState<UsagePeriod>('month');
  const statistics = useUsageStatistics(neuron, period);

  let content;
  if (statistics.isError) {
    content = (
      <NeuronLoadError error={statistics.error} onRetry={() => void statistics.refetch()} />
    );
  } else if (statistics.data === undefined) {
    content = <LoadingBlock />;
  } else {
    const { totals } = statistics.data;
    const rate = errorRate(totals.errors, totals.calls);
    const notMeasured = t('neuronAccess.performance.notMeasured');
    content = (
      <>
        <FigureRow>
          <FigureBox
            label={t('neuronAccess.performance.p50')}
            value={totals.p50Ms === null ? '—' : formatMs(totals.p50Ms)}
            hint={totals.p50Ms === null ? notMeasured : t('neuronAccess.performance.p50Hint')}
          />
          <FigureBox
            label={t('neuronAccess.performance.p95')}
            value={totals.p95Ms === null ? '—' : formatMs(totals.p95Ms)}
            hint={totals.p95Ms === null ? notMeasured : t('neuronAccess.performance.p95Hint')}
          />
          <FigureBox
            label={t('neuronAccess.performance.errorRate')}
            value={rate === null ? '—' : formatPercent(rate)}
            hint={t('neuronAccess.performance.errorsOf', {
              errors: t('neuronAccess.counts.errors', {
                count: totals.errors,
                value: formatCount(totals.errors),
              }),
              calls: formatCount(totals.calls),
              count: totals.calls,
            })}
          />
          <FigureBox label={t('neuronAccess.usage.calls')} value={formatCount(totals.calls)} />
        </FigureRow>
        {totals.calls === 0 ? (
          <Alert severity="info">{t('neuronAccess.usage.noCalls')}</Alert>
        ) : (
          <PerformanceCharts statistics={statistics.data} />
        )}
      </>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
      <PageHeading
        title={t('neuronAccess.performance.title')}
        subtitle={t('neuronAccess.performance.subtitle')}
        actions={<PeriodSwitch value={period} onChange={setPeriod} />}
      />
      <Box aria-busy={statistics.isFetching} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        {content}
      </Box>
    </Box>
  );
}
