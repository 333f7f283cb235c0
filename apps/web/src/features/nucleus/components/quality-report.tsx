import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureBox } from '../../../components/figure-box';
import { formatCount, formatPercent } from '../../../lib/format';
import type { ReportView } from '../utils/report';
import { DistributionCharts } from './distribution-charts';
import { PairTrendMap } from './pair-trend-map';
import { ReportScores } from './report-scores';

type FigureProps = { label: string; value: string; help: string };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Typography variant="h6" component="h4">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Figures in a row of three, one under the other on a phone. */
function Figures({ figures }: { figures: FigureProps[] }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
      {figures.map(({ label, value, help }) => (
        <FigureBox key={label} label={label} value={value} hint={help} />
      ))}
    </Box>
  );
}

/** The quality report as pictures: scores, distributions, pair trends, ML efficacy, privacy. */
export function QualityReport({ report }: { report: ReportView }) {
  const { t } = useTranslation();
  const shapeScores = new Map(report.columnShapes.columns.map((c) => [c.column, c.score]));
  const { privacy, mlEfficacy } = report;
  return (
    <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
      <ReportScores
        scores={[
          {
            label: t('nucleus.report.overall'),
            value: report.overall,
            help: t('nucleus.report.overallHelp'),
          },
          {
            label: t('nucleus.report.columnShapes'),
            value: report.columnShapes.score,
            help: t('nucleus.report.columnShapesHelp'),
          },
          {
            label: t('nucleus.report.pairTrends'),
            value: report.pairTrends.score,
            help: t('nucleus.report.pairTrendsHelp'),
          },
          {
            label: t('nucleus.report.validity'),
            value: report.diagnostic?.score ?? null,
            help: t('nucleus.report.validityHelp'),
          },
        ]}
      />
      <Section title={t('nucleus.report.distributions')}>
        {report.histograms.length === 0 ? (
          <Typography color="text.secondary">{t('nucleus.report.noColumns')}</Typography>
        ) : (
          <DistributionCharts histograms={report.histograms} scores={shapeScores} />
        )}
        {report.skippedColumns.length > 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('nucleus.report.skipped', { columns: report.skippedColumns.join(', ') })}
          </Typography>
        ) : null}
      </Section>
      <Section title={t('nucleus.report.pairTrends')}>
        <PairTrendMap pairs={report.pairTrends.pairs} />
      </Section>
      <Section title={t('nucleus.report.mlEfficacy')}>
        {mlEfficacy === null ? (
          <Typography color="text.secondary">{t('nucleus.report.noMlEfficacy')}</Typography>
        ) : (
          <Figures
            figures={[
              {
                label: t('nucleus.report.realAccuracy'),
                value: formatPercent(mlEfficacy.realAccuracy),
                help: t('nucleus.report.target', { name: mlEfficacy.target }),
              },
              {
                label: t('nucleus.report.syntheticAccuracy'),
                value: formatPercent(mlEfficacy.syntheticAccuracy),
                help: t('nucleus.report.target', { name: mlEfficacy.target }),
              },
              {
                label: t('nucleus.report.gap'),
                value: formatPercent(mlEfficacy.gap),
                help: t('nucleus.report.gapHelp'),
              },
            ]}
          />
        )}
      </Section>
      <Section title={t('nucleus.report.privacy')}>
        {privacy === null ? (
          <Typography color="text.secondary">{t('nucleus.report.noPrivacy')}</Typography>
        ) : (
          <Figures
            figures={[
              {
                label: t('nucleus.report.exactCopies'),
                value: formatPercent(privacy.exactCopyShare),
                help: t('nucleus.report.exactCopiesHelp'),
              },
              {
                label: t('nucleus.report.dcrMedian'),
                value: privacy.dcr.synthetic.median.toFixed(3),
                help: t('nucleus.report.dcrMedianHelp'),
              },
              {
                label: t('nucleus.report.dcrP5'),
                value: privacy.dcr.synthetic.p5.toFixed(3),
                help: t('nucleus.report.dcrP5Help', {
                  size: formatCount(privacy.dcr.sampleSize),
                }),
              },
            ]}
          />
        )}
      </Section>
    </Box>
  );
}
