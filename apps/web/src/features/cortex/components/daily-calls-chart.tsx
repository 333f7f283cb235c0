import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount } from '../../../lib/format';
import { formatDay, type DayCalls } from '../utils/usage';

const MARGIN = { top: 8, right: 4, bottom: 0, left: 0 };
const TICK = { fontSize: 11 };

function dayTick(value: unknown): string {
  return typeof value === 'string' ? formatDay(value).slice(0, 5) : '';
}

function dayLabel(value: unknown): string {
  return typeof value === 'string' ? formatDay(value) : '';
}

function countValue(value: unknown): string {
  return typeof value === 'number' ? formatCount(value) : '';
}

type DailyCallsChartProps = {
  neuronName: string;
  days: DayCalls[];
};

/** A small bar chart of calls per day; its width follows the card from 360 px phones up. */
export function DailyCallsChart({ neuronName, days }: DailyCallsChartProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const title = t('cortex.dashboard.chartTitle');
  return (
    <Box
      component="figure"
      aria-label={t('cortex.dashboard.chartLabel', { name: neuronName })}
      sx={{ m: 0, display: 'grid', gap: 0.5, minWidth: 0 }}
    >
      <Typography component="figcaption" variant="subtitle2">
        {title}
      </Typography>
      <Box sx={{ width: '100%', height: 140, minWidth: 0 }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={days} margin={MARGIN}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tickFormatter={dayTick} tick={TICK} minTickGap={16} />
            <YAxis allowDecimals={false} tickFormatter={countValue} tick={TICK} width={44} />
            <Tooltip formatter={countValue} labelFormatter={dayLabel} />
            <Bar
              dataKey="calls"
              name={t('cortex.dashboard.calls')}
              fill={theme.palette.primary.main}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </Box>
    </Box>
  );
}
