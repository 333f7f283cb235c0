import { SINTEZA_HOLDOUT } from '@app/contracts/nucleus';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureBox } from '../../../components/figure-box';
import { formatCount, formatPercent } from '../../../lib/format';
import type { ReportEvaluation, ReportView } from '../utils/report';
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

/** Why no real rows were held back from fitting, or null when some were. */
function holdoutGapText(t: TFunction, evaluation: ReportEvaluation): string | null {
  switch (evaluation.holdoutGap) {
    case 'relational':
      return t('nucleus.report.gaps.relational');
    case 'fewRows':
      return t('nucleus.report.gaps.fewRows', { rows: formatCount(SINTEZA_HOLDOUT.minRows) });
    case 'fittedOnAllRows':
      return t('nucleus.report.gaps.fittedOnAllRows');
    case null:
      return null;
  }
}

/** Why machine-learning efficacy was not measured, in the user's words. */
function mlGapText(t: TFunction, evaluation: ReportEvaluation | null): string {
  if (evaluation === null) return t('nucleus.report.noMlEfficacy');
  const reason =
    holdoutGapText(t, evaluation) ??
    (evaluation.targetGap === null ? null : t(`nucleus.report.gaps.${evaluation.targetGap}`));
  return reason === null
    ? t('nucleus.report.noMlEfficacy')
    : t('nucleus.report.mlNotMeasured', { reason });
}

/** Which target was predicted and which rows the classifiers were trained and tested on. */
function EfficacyBasis({ evaluation }: { evaluation: ReportEvaluation | null }) {
  const { t } = useTranslation();
  if (evaluation?.target == null) return null;
  const name = evaluation.target;
  return (
    <Typography variant="body2" color="text.secondary">
      {evaluation.isTargetChosen
        ? t('nucleus.report.targetChosen', { name })
        : t('nucleus.report.targetPicked', { name })}{' '}
      {t('nucleus.report.testedOn', {
        training: formatCount(evaluation.trainingRows),
        holdout: formatCount(evaluation.holdoutRows),
      })}
    </Typography>
  );
}

/** The quality report as pictures: scores, distributions, pair trends, ML efficacy, privacy. */
export function QualityReport({ report }: { report: ReportView }) {
  const { t } = useTranslation();
  const shapeScores = new Map(report.columnShapes.columns.map((c) => [c.column, c.score]));
  const { privacy, mlEfficacy, evaluation } = report;
  const holdoutGap = evaluation === null ? null : holdoutGapText(t, evaluation);
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
          <Typography color="text.secondary">{mlGapText(t, evaluation)}</Typography>
        ) : (
          <>
            <EfficacyBasis evaluation={evaluation} />
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
          </>
        )}
      </Section>
      <Section title={t('nucleus.report.privacy')}>
        {privacy === null ? (
          <Typography color="text.secondary">{t('nucleus.report.noPrivacy')}</Typography>
        ) : (
          <>
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
                ...(privacy.dcr.holdout === null
                  ? []
                  : [
                      {
                        label: t('nucleus.report.holdoutDcrMedian'),
                        value: privacy.dcr.holdout.median.toFixed(3),
                        help: t('nucleus.report.holdoutDcrMedianHelp'),
                      },
                      {
                        label: t('nucleus.report.holdoutDcrP5'),
                        value: privacy.dcr.holdout.p5.toFixed(3),
                        help: t('nucleus.report.holdoutDcrP5Help'),
                      },
                    ]),
              ]}
            />
            {privacy.dcr.holdout === null && holdoutGap !== null ? (
              <Typography variant="body2" color="text.secondary">
                {t('nucleus.report.noHoldoutDistance', { reason: holdoutGap })}
              </Typography>
            ) : null}
          </>
        )}
      </Section>
    </Box>
  );
}
