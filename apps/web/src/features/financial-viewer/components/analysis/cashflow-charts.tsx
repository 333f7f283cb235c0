import type { TCashflowRow, TWeeklyCashflow } from '@app/contracts/financial-viewer';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  Rectangle,
  ComposedChart,
  Line,
  LineChart,
  type BarShapeProps,
} from 'recharts';
import { dayAxes } from './chart-axes';
import { ChartCard, ChartKey } from '../../../../components/chart-card';
import { CHART_COLORS } from './chart-colors';
const MARGIN = { top: 8, right: 8, bottom: 0, left: 0 };

type CashflowChartsProps = {
  /** The last 6 months, oldest first. */
  weekly: TWeeklyCashflow[];
  daily: TCashflowRow[];
};

/** Weekly income/expense bars with the balance line, the daily balance, income vs expense. */
export function CashflowCharts({ weekly, daily }: CashflowChartsProps) {
  const { t } = useTranslation();
  const income = t('financialViewer.analysis.cashflow.income');
  const expense = t('financialViewer.analysis.cashflow.expense');
  const balance = t('financialViewer.analysis.cashflow.balance');
  const dailyAxes = dayAxes({ dataKey: 'cashflow_date', minTickGap: 16 });
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      <Box sx={{ gridColumn: { lg: '1 / -1' }, minWidth: 0 }}>
        <ChartCard
          title={t('financialViewer.analysis.cashflow.weeklyChart')}
          height={300}
          footer={
            <ChartKey
              items={[
                { label: income, color: CHART_COLORS.income },
                { label: expense, color: CHART_COLORS.expense },
                { label: balance, color: CHART_COLORS.balance },
              ]}
            />
          }
        >
          <ComposedChart data={weekly} margin={MARGIN}>
            {dayAxes({ dataKey: 'startDate', minTickGap: 16 })}
            <Bar
              dataKey="income"
              name={income}
              fill={CHART_COLORS.income}
              isAnimationActive={false}
            />
            <Bar
              dataKey="expense"
              name={expense}
              fill={CHART_COLORS.expense}
              isAnimationActive={false}
            />
            <Line
              type="monotone"
              dataKey="balance"
              name={balance}
              stroke={CHART_COLORS.balance}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ChartCard>
      </Box>
      <ChartCard title={t('financialViewer.analysis.cashflow.balanceChart')} height={240}>
        <BarChart data={daily} margin={MARGIN}>
          {dailyAxes}
          <Bar
            dataKey="cashflow_balance"
            name={balance}
            isAnimationActive={false}
            shape={(props: BarShapeProps) => (
              <Rectangle
                {...props}
                fill={
                  (daily[props.index]?.cashflow_balance ?? 0) < 0
                    ? CHART_COLORS.negative
                    : CHART_COLORS.balance
                }
              />
            )}
          />
        </BarChart>
      </ChartCard>
      <ChartCard
        title={t('financialViewer.analysis.cashflow.incomeExpenseChart')}
        height={240}
        footer={
          <ChartKey
            items={[
              { label: income, color: CHART_COLORS.income },
              { label: expense, color: CHART_COLORS.expense },
            ]}
          />
        }
      >
        <LineChart data={daily} margin={MARGIN}>
          {dailyAxes}
          <Line
            type="monotone"
            dataKey="cashflow_income"
            name={income}
            stroke={CHART_COLORS.income}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey="cashflow_expense"
            name={expense}
            stroke={CHART_COLORS.expense}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ChartCard>
    </Box>
  );
}
