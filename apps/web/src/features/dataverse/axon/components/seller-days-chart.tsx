import type { TSellerMetrics } from '@app/contracts';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard, ChartKey } from '../../../../components/chart-card';
import { formatCount, formatEuroCents } from '../../../../lib/format';

type Day = TSellerMetrics['days'][number];

const TICK = { fontSize: 11 };
/** The figures drawn as bars on the left axis; revenue is a line on its own axis. */
const COUNTS = ['views', 'purchases'] as const;

/** yyyy-MM-dd as dd-MM, the axis's short form (the tooltip has the full day). */
function shortDay(value: unknown): string {
  if (typeof value !== 'string') return '';
  const [, month = '', day = ''] = value.split('-');
  return `${day}-${month}`;
}

/** The sums of the days the chart shows. */
export function sumDays(days: readonly Day[]): Omit<Day, 'day'> {
  return days.reduce(
    (sum, day) => ({
      views: sum.views + day.views,
      purchases: sum.purchases + day.purchases,
      revenue: sum.revenue + day.revenue,
    }),
    { views: 0, purchases: 0, revenue: 0 },
  );
}

/**
 * The last 30 days (UTC) of a seller: views and purchases per day as bars, revenue as a line
 * on its own axis, the sums in words above; a period without any of them says so instead.
 */
export function SellerDaysChart({ days }: { days: readonly Day[] }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const sums = sumDays(days);
  const title = t('axon.metrics.chart.title');
  if (sums.views === 0 && sums.purchases === 0 && sums.revenue === 0) {
    return (
      <section aria-label={title}>
        <Typography variant="subtitle2" component="h2">
          {title}
        </Typography>
        <Typography color="text.secondary">{t('axon.metrics.chart.empty')}</Typography>
      </section>
    );
  }
  const colors = {
    views: theme.palette.primary.main,
    purchases: theme.palette.secondary.main,
    revenue: theme.palette.success.main,
  };
  const names = {
    views: t('axon.metrics.views'),
    purchases: t('axon.metrics.purchases'),
    revenue: t('axon.metrics.revenue'),
  };
  return (
    <ChartCard
      title={title}
      height={260}
      footer={
        <>
          <ChartKey
            items={(['views', 'purchases', 'revenue'] as const).map((key) => ({
              label: names[key],
              color: colors[key],
            }))}
          />
          <Typography variant="body2">
            {t('axon.metrics.chart.sums', {
              views: formatCount(sums.views),
              purchases: formatCount(sums.purchases),
              revenue: formatEuroCents(sums.revenue),
            })}
          </Typography>
        </>
      }
    >
      <ComposedChart data={[...days]} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tickFormatter={shortDay} tick={TICK} minTickGap={16} />
        <YAxis
          yAxisId="count"
          allowDecimals={false}
          tick={TICK}
          width={44}
          tickFormatter={(value: number) => formatCount(value)}
        />
        <YAxis
          yAxisId="revenue"
          orientation="right"
          tick={TICK}
          width={72}
          tickFormatter={(value: number) => formatEuroCents(value)}
        />
        <Tooltip
          labelFormatter={(label) => (typeof label === 'string' ? label : '')}
          formatter={(value, name) =>
            name === names.revenue ? formatEuroCents(Number(value)) : formatCount(Number(value))
          }
        />
        {COUNTS.map((key) => (
          <Bar
            key={key}
            yAxisId="count"
            dataKey={key}
            name={names[key]}
            fill={colors[key]}
            isAnimationActive={false}
          />
        ))}
        <Line
          yAxisId="revenue"
          dataKey="revenue"
          name={names.revenue}
          stroke={colors.revenue}
          dot={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ChartCard>
  );
}
