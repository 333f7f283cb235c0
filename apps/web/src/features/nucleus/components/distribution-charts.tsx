import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard, ChartKey } from '../../../components/chart-card';
import { formatPercent } from '../../../lib/format';
import { dateBinLabels, histogramShares, type ReportHistogram } from '../utils/report';

const OTHER_BIN = '(other)';

export const SERIES_COLORS = { real: '#1565c0', synthetic: '#ef6c00' } as const;

/** Each column's real and synthetic distribution side by side, as shares of their rows. */
export function DistributionCharts({
  histograms,
  scores,
}: {
  histograms: ReportHistogram[];
  scores: Map<string, number>;
}) {
  const { t, i18n } = useTranslation();
  const missing = t('nucleus.report.missingValue');
  const other = t('nucleus.report.otherValue');
  const key = [
    { label: t('nucleus.report.real'), color: SERIES_COLORS.real },
    { label: t('nucleus.report.synthetic'), color: SERIES_COLORS.synthetic },
  ];
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {histograms.map((histogram) => {
        const score = scores.get(histogram.column);
        const dates = histogram.datetimeEdges
          ? dateBinLabels(histogram.datetimeEdges, i18n.language)
          : [];
        const data = histogramShares(histogram).map((row, index) => ({
          ...row,
          // The engine names the rarer categories' bin '(other)'.
          bin:
            row.bin === null ? missing : row.bin === OTHER_BIN ? other : (dates[index] ?? row.bin),
        }));
        return (
          <ChartCard
            key={histogram.column}
            title={
              score === undefined
                ? histogram.column
                : t('nucleus.report.columnTitle', {
                    name: histogram.column,
                    score: formatPercent(score),
                  })
            }
            height={220}
            footer={<ChartKey items={key} />}
          >
            <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="bin" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
              <YAxis
                width={44}
                tick={{ fontSize: 11 }}
                tickFormatter={(value: number) => formatPercent(value)}
              />
              <Tooltip formatter={(value) => formatPercent(Number(value))} />
              <Bar
                dataKey="real"
                name={t('nucleus.report.real')}
                fill={SERIES_COLORS.real}
                isAnimationActive={false}
              />
              <Bar
                dataKey="synthetic"
                name={t('nucleus.report.synthetic')}
                fill={SERIES_COLORS.synthetic}
                isAnimationActive={false}
              />
            </BarChart>
          </ChartCard>
        );
      })}
    </Box>
  );
}
