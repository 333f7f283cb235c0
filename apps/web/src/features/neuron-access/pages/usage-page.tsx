import '../i18n/register';
import type { TUsageStatisticsResponse, UsagePeriod } from '@app/contracts/neuron-access';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { useUsageStatistics } from '../api/get-usage-statistics';
import { CallLogSection } from '../../../components/call-log/call-log-section';
import { ChartCard } from '../../../components/chart-card';
import { SERIES_COLORS } from '../utils/series-colors';
import { FigureBox, FigureRow } from '../../../components/figure-box';
import { LoadingBlock } from '../components/loading-block';
import { MonthCalls } from '../components/month-calls';
import { NeuronLoadError } from '../components/neuron-load-error';
import { PageHeading } from '../components/page-heading';
import { PeriodSwitch } from '../../../components/period-switch';
import { emptyUsageDay, fillDays } from '../utils/daily-series';
import { formatCount, formatDay } from '../utils/format';

function UsageCharts({ statistics }: { statistics: TUsageStatisticsResponse }) {
  const { t } = useTranslation();
  const days = useMemo(
    () => fillDays({ from: statistics.from, days: statistics.days, empty: emptyUsageDay }),
    [statistics],
  );
  const tick = (value: unknown) => formatDay(value, { short: true });
  const label = (value: unknown) => formatDay(value);
  const count = (value: unknown) => (typeof value === 'number' ? formatCount(value) : '');
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      <ChartCard title={t('neuronAccess.usage.callsChart')}>
        <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={tick} minTickGap={16} fontSize={12} />
          <YAxis allowDecimals={false} tickFormatter={count} fontSize={12} />
          <Tooltip labelFormatter={label} formatter={count} />
          <Legend />
          <Bar
            dataKey="calls"
            name={t('neuronAccess.usage.calls')}
            fill={SERIES_COLORS.calls}
            isAnimationActive={false}
          />
          <Bar
            dataKey="errors"
            name={t('neuronAccess.usage.errors')}
            fill={SERIES_COLORS.errors}
            isAnimationActive={false}
          />
        </BarChart>
      </ChartCard>
      <ChartCard title={t('neuronAccess.usage.unitsChart')}>
        <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={tick} minTickGap={16} fontSize={12} />
          <YAxis allowDecimals={false} tickFormatter={count} fontSize={12} />
          <Tooltip labelFormatter={label} formatter={count} />
          <Bar
            dataKey="units"
            name={t('neuronAccess.usage.units')}
            fill={SERIES_COLORS.units}
            isAnimationActive={false}
          />
        </BarChart>
      </ChartCard>
    </Box>
  );
}

/**
 * The team's use of the neuron over a day, week, month or year: calls, errors and units per day,
 * this month's calls against the plan, and the log of the latest calls.
 */
export function UsagePage() {
  const { t } = useTranslation();
  const { neuron = '' } = useParams();
  const [period, setPeriod] = useState<UsagePeriod>('month');
  const statistics = useUsageStatistics(neuron, period);

  const heading = (
    <PageHeading
      title={t('neuronAccess.usage.title')}
      subtitle={t('neuronAccess.usage.subtitle')}
      actions={<PeriodSwitch value={period} onChange={setPeriod} />}
    />
  );
  let summary;
  if (statistics.isError) {
    summary = (
      <NeuronLoadError error={statistics.error} onRetry={() => void statistics.refetch()} />
    );
  } else if (statistics.data === undefined) {
    summary = <LoadingBlock />;
  } else {
    const { totals } = statistics.data;
    summary = (
      <>
        <MonthCalls
          monthCalls={statistics.data.monthCalls}
          monthlyLimit={statistics.data.monthlyLimit}
        />
        <FigureRow>
          <FigureBox label={t('neuronAccess.usage.calls')} value={formatCount(totals.calls)} />
          <FigureBox label={t('neuronAccess.usage.errors')} value={formatCount(totals.errors)} />
          <FigureBox label={t('neuronAccess.usage.units')} value={formatCount(totals.units)} />
        </FigureRow>
        {totals.calls === 0 ? (
          <Alert severity="info">{t('neuronAccess.usage.noCalls')}</Alert>
        ) : (
          <UsageCharts statistics={statistics.data} />
        )}
      </>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
      {heading}
      <Box aria-busy={statistics.isFetching} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        {summary}
      </Box>
      <CallLogSection neuron={neuron} period={period} ErrorView={NeuronLoadError} />
    </Box>
  );
}
