import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard, ChartKey } from '../../../components/chart-card';
import { formatCount } from '../../../lib/format';
import { summarizeUsage, type UsagePoint } from '../utils/usage-series';

const TICK = { fontSize: 11 };
const COLORS = { rows: '#1565c0', runs: '#ef6c00' } as const;

type UsageChartProps = {
  title: string;
  points: readonly UsagePoint[];
  /** A period on the axis, and in full for the tooltip and the sentence under the chart. */
  tick: (period: string) => string;
  label: (period: string) => string;
  /** The sentence under the chart: `nucleus.usage.daySummary` or `nucleus.usage.monthSummary`. */
  summaryKey: 'nucleus.usage.daySummary' | 'nucleus.usage.monthSummary';
};

/**
 * Rows per period as bars and runs as a line on their own axis, with the sums and the busiest
 * period in words under it; a series without runs says so instead of drawing empty axes.
 */
export function UsageChart({ title, points, tick, label, summaryKey }: UsageChartProps) {
  const { t } = useTranslation();
  const summary = summarizeUsage(points);
  const names = { rows: t('nucleus.usage.rows'), runs: t('nucleus.usage.runs') };
  if (summary.busiest === null) {
    return (
      <Paper
        variant="outlined"
        component="section"
        aria-label={title}
        sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 0.5 }}
      >
        <Typography variant="subtitle2" component="h3">
          {title}
        </Typography>
        <Typography color="text.secondary">{t('nucleus.usage.noRuns')}</Typography>
      </Paper>
    );
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return (
    <ChartCard
      title={title}
      height={240}
      footer={
        <>
          <ChartKey
            items={(['rows', 'runs'] as const).map((key) => ({
              label: names[key],
              color: COLORS[key],
            }))}
          />
          <Typography variant="body2">
            {t(summaryKey, {
              runs: formatCount(summary.runs),
              rows: formatCount(summary.rows),
              period: label(summary.busiest.period),
              periodRows: formatCount(summary.busiest.rows),
              periodRuns: formatCount(summary.busiest.runs),
            })}
          </Typography>
        </>
      }
    >
      <ComposedChart data={[...points]} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="period"
          tickFormatter={(value) => tick(text(value))}
          tick={TICK}
          minTickGap={12}
        />
        <YAxis
          yAxisId="rows"
          width={56}
          tick={TICK}
          allowDecimals={false}
          tickFormatter={(value: number) => formatCount(value)}
        />
        <YAxis
          yAxisId="runs"
          orientation="right"
          width={40}
          tick={TICK}
          allowDecimals={false}
          tickFormatter={(value: number) => formatCount(value)}
        />
        <Tooltip
          labelFormatter={(value) => label(text(value))}
          formatter={(value) => formatCount(Number(value))}
        />
        <Bar
          yAxisId="rows"
          dataKey="rows"
          name={names.rows}
          fill={COLORS.rows}
          isAnimationActive={false}
        />
        <Line
          yAxisId="runs"
          dataKey="runs"
          name={names.runs}
          stroke={COLORS.runs}
          dot={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ChartCard>
  );
}
