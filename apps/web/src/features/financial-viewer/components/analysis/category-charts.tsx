import type { TCategorySummary } from '@app/contracts/financial-viewer';
import Box from '@mui/material/Box';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  Pie,
  PieChart,
  Rectangle,
  Sector,
  Tooltip,
  XAxis,
  YAxis,
  type BarShapeProps,
  type PieSectorShapeProps,
} from 'recharts';
import { ChartCard } from '../../../../components/chart-card';
import { formatEuroTick, formatEuroValue } from './chart-format';

type CategoryChartsProps = {
  kind: 'expenses' | 'incomes';
  summaries: TCategorySummary[];
  onSelect: (summary: TCategorySummary) => void;
};

/**
 * A slice or bar as a button: focusable, named after its category, Enter or Space drills down
 * (a click is the chart's own handler).
 */
function ChartButton(props: { label: string; onPress: () => void; children: ReactNode }) {
  return (
    <g
      role="button"
      tabIndex={0}
      aria-label={props.label}
      onKeyDown={(event: KeyboardEvent<SVGGElement>) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          props.onPress();
        }
      }}
    >
      {props.children}
    </g>
  );
}

/**
 * A donut of the shares and a bar chart of the totals by parent category; a click on a slice or
 * bar, or Enter on it, drills down.
 */
export function CategoryCharts({ kind, summaries, onSelect }: CategoryChartsProps) {
  const { t } = useTranslation();
  const select = (index: number) => {
    const summary = summaries[index];
    if (summary) onSelect(summary);
  };
  const labelOf = (index: number) =>
    t('financialViewer.analysis.categorization.seeTransactions', {
      category: summaries[index]?.description ?? '',
    });
  const donutTitle =
    kind === 'expenses'
      ? t('financialViewer.analysis.categorization.expensesShare')
      : t('financialViewer.analysis.categorization.incomesShare');
  const barsTitle =
    kind === 'expenses'
      ? t('financialViewer.analysis.categorization.expensesTotals')
      : t('financialViewer.analysis.categorization.incomesTotals');
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <ChartCard title={donutTitle} height={280}>
        <PieChart>
          <Pie
            data={summaries}
            dataKey="total"
            nameKey="description"
            innerRadius="55%"
            outerRadius="85%"
            paddingAngle={1}
            isAnimationActive={false}
            cursor="pointer"
            onClick={(_, index) => {
              select(index);
            }}
            shape={(props: PieSectorShapeProps) => (
              <ChartButton
                label={labelOf(props.index)}
                onPress={() => {
                  select(props.index);
                }}
              >
                <Sector {...props} fill={summaries[props.index]?.color ?? props.fill} />
              </ChartButton>
            )}
          />
          <Tooltip formatter={formatEuroValue} />
        </PieChart>
      </ChartCard>
      <ChartCard title={barsTitle} height={Math.max(200, summaries.length * 32 + 40)}>
        <BarChart data={summaries} layout="vertical" margin={{ left: 0, right: 16 }}>
          <XAxis type="number" tickFormatter={formatEuroTick} tick={{ fontSize: 11 }} />
          <YAxis
            type="category"
            dataKey="description"
            width={110}
            tick={{ fontSize: 11 }}
            interval={0}
          />
          <Tooltip formatter={formatEuroValue} cursor={{ fillOpacity: 0.1 }} />
          <Bar
            dataKey="total"
            name={barsTitle}
            isAnimationActive={false}
            cursor="pointer"
            onClick={(_, index) => {
              select(index);
            }}
            shape={(props: BarShapeProps) => (
              <ChartButton
                label={labelOf(props.index)}
                onPress={() => {
                  select(props.index);
                }}
              >
                <Rectangle {...props} fill={summaries[props.index]?.color ?? props.fill} />
              </ChartButton>
            )}
          />
        </BarChart>
      </ChartCard>
    </Box>
  );
}
