import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Area, ComposedChart, Line, ReferenceLine } from 'recharts';
import { dayAxes } from './chart-axes';
import { forecastAxis } from './chart-format';
import { ChartCard, ChartKey } from '../../../../components/chart-card';
import { CHART_COLORS } from './chart-colors';
import type { ForecastPoint } from './forecast-series';

const MARGIN = { top: 16, right: 8, bottom: 0, left: 0 };

type Series = 'history' | 'forecast' | 'incomeHistory' | 'expenseHistory';
type Band = 'interval' | 'balanceRange' | 'incomeRange' | 'expenseRange';

/** Every amount a chart draws from `series` and `bands`, for its axis. */
function drawnValues(points: ForecastPoint[], series: Series[], bands: Band[]): number[] {
  return points
    .flatMap((point) => [
      ...series.map((key) => point[key]),
      ...bands.flatMap((key) => point[key] ?? []),
    ])
    .filter((value) => value !== undefined);
}

type ForecastChartsProps = {
  points: ForecastPoint[];
  /** The last real day: where history ends and the estimation starts. */
  today: string | undefined;
  /** Cents; drawn as a line (0 is the zero line). */
  threshold: number;
};

/**
 * The balance forecast with its 90 % interval, then history against estimation for the
 * balance and for income and expense.
 */
export function ForecastCharts({ points, today, threshold }: ForecastChartsProps) {
  const { t } = useTranslation();
  const balance = t('financialViewer.analysis.forecast.history');
  const forecast = t('financialViewer.analysis.forecast.estimated');
  const interval = t('financialViewer.analysis.forecast.interval');
  const range = t('financialViewer.analysis.forecast.range');
  const income = t('financialViewer.analysis.cashflow.income');
  const expense = t('financialViewer.analysis.cashflow.expense');
  const incomeRange = t('financialViewer.analysis.forecast.incomeRange');
  const expenseRange = t('financialViewer.analysis.forecast.expenseRange');
  const todayLine =
    today === undefined ? null : (
      <ReferenceLine
        x={today}
        stroke={CHART_COLORS.today}
        strokeDasharray="4 4"
        label={{
          value: t('financialViewer.analysis.forecast.today'),
          position: 'insideTopLeft',
          fontSize: 11,
          fill: CHART_COLORS.today,
        }}
      />
    );
  const axesOf = (series: Series[], bands: Band[]) =>
    dayAxes({
      dataKey: 'date',
      minTickGap: 20,
      euroAxis: forecastAxis(drawnValues(points, series, bands)),
    });
  const balanceChart = (options: {
    title: string;
    height: number;
    band: Extract<Band, 'interval' | 'balanceRange'>;
    bandLabel: string;
    bandOpacity: number;
    thresholdLine?: boolean;
  }) => (
    <ChartCard
      title={options.title}
      height={options.height}
      footer={
        <ChartKey
          items={[
            { label: balance, color: CHART_COLORS.balance },
            { label: forecast, color: CHART_COLORS.forecast },
            { label: options.bandLabel, color: CHART_COLORS.interval },
          ]}
        />
      }
    >
      <ComposedChart data={points} margin={MARGIN}>
        {axesOf(['history', 'forecast'], [options.band])}
        <Area
          dataKey={options.band}
          name={options.bandLabel}
          stroke="none"
          fill={CHART_COLORS.interval}
          fillOpacity={options.bandOpacity}
          isAnimationActive={false}
        />
        <Line
          dataKey="history"
          name={balance}
          stroke={CHART_COLORS.balance}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        <Line
          dataKey="forecast"
          name={forecast}
          stroke={CHART_COLORS.forecast}
          strokeWidth={2}
          strokeDasharray="6 3"
          dot={false}
          isAnimationActive={false}
        />
        {options.thresholdLine && (
          <ReferenceLine y={threshold} stroke={CHART_COLORS.expense} strokeDasharray="2 4" />
        )}
        {todayLine}
      </ComposedChart>
    </ChartCard>
  );
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      <Box sx={{ gridColumn: { lg: '1 / -1' }, minWidth: 0 }}>
        {balanceChart({
          title: t('financialViewer.analysis.forecast.chart'),
          height: 320,
          band: 'interval',
          bandLabel: interval,
          bandOpacity: 0.3,
          thresholdLine: true,
        })}
      </Box>
      {balanceChart({
        title: t('financialViewer.analysis.forecast.balanceEstimate'),
        height: 260,
        band: 'balanceRange',
        bandLabel: range,
        bandOpacity: 0.25,
      })}
      <ChartCard
        title={t('financialViewer.analysis.forecast.incomeExpenseEstimate')}
        height={260}
        footer={
          <ChartKey
            items={[
              { label: income, color: CHART_COLORS.income },
              { label: expense, color: CHART_COLORS.expense },
              { label: incomeRange, color: CHART_COLORS.income },
              { label: expenseRange, color: CHART_COLORS.expense },
            ]}
          />
        }
      >
        <ComposedChart data={points} margin={MARGIN}>
          {axesOf(['incomeHistory', 'expenseHistory'], ['incomeRange', 'expenseRange'])}
          <Area
            dataKey="incomeRange"
            name={incomeRange}
            stroke="none"
            fill={CHART_COLORS.income}
            fillOpacity={0.2}
            isAnimationActive={false}
          />
          <Area
            dataKey="expenseRange"
            name={expenseRange}
            stroke="none"
            fill={CHART_COLORS.expense}
            fillOpacity={0.2}
            isAnimationActive={false}
          />
          <Line
            dataKey="incomeHistory"
            name={income}
            stroke={CHART_COLORS.income}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            dataKey="expenseHistory"
            name={expense}
            stroke={CHART_COLORS.expense}
            dot={false}
            isAnimationActive={false}
          />
          {todayLine}
        </ComposedChart>
      </ChartCard>
    </Box>
  );
}
