import { ZReportEvaluation } from '@app/contracts/nucleus';
import { z } from 'zod';

/**
 * The parts of the engine's quality report (GET run/{id}/report, packages/synth
 * `QualityReport`) the report page draws. The contract leaves the report open, so it is read
 * here: a report without a part shows the rest.
 */
const ZScore = z.number();
const ZHistogram = z.object({
  column: z.string(),
  bins: z.array(z.string().nullable()),
  real: z.array(z.number()),
  synthetic: z.array(z.number()),
  /** A date column's bin edges in milliseconds since 1970 (reports before them have none). */
  datetimeEdges: z.array(z.number()).optional(),
});
const ZPairTrend = z.object({
  columnA: z.string(),
  columnB: z.string(),
  realAssociation: z.number(),
  syntheticAssociation: z.number(),
  score: z.number(),
});
const ZDistance = z.object({ median: z.number(), p5: z.number() });
const ZReportView = z.object({
  overall: ZScore,
  columnShapes: z
    .object({ score: ZScore, columns: z.array(z.object({ column: z.string(), score: ZScore })) })
    .catch({ score: Number.NaN, columns: [] }),
  pairTrends: z
    .object({ score: ZScore, pairs: z.array(ZPairTrend) })
    .catch({ score: Number.NaN, pairs: [] }),
  diagnostic: z.object({ score: ZScore }).nullable().catch(null),
  privacy: z
    .object({
      exactCopyShare: z.number(),
      holdoutExactCopyShare: z.number().nullable(),
      dcr: z.object({
        synthetic: ZDistance,
        holdout: ZDistance.nullable(),
        sampleSize: z.number(),
      }),
    })
    .nullable()
    .catch(null),
  mlEfficacy: z
    .object({
      target: z.string(),
      realAccuracy: z.number(),
      syntheticAccuracy: z.number(),
      gap: z.number(),
    })
    .nullable()
    .catch(null),
  histograms: z.array(ZHistogram).catch([]),
  skippedColumns: z.array(z.string()).catch([]),
  /** What ML efficacy and the holdout distance were measured on (reports before it have none). */
  evaluation: ZReportEvaluation.nullable().catch(null),
});
export type ReportView = z.infer<typeof ZReportView>;
export type ReportHistogram = z.infer<typeof ZHistogram>;
export type ReportPairTrend = z.infer<typeof ZPairTrend>;
export type ReportEvaluation = NonNullable<ReportView['evaluation']>;

/** The report's drawable parts, or null when it is not a report the page knows. */
export function readReport(report: unknown): ReportView | null {
  const parsed = ZReportView.safeParse(report);
  return parsed.success ? parsed.data : null;
}

/** Real and synthetic counts as shares of their totals, bin by bin, for one chart. */
export function histogramShares(histogram: ReportHistogram) {
  const total = (counts: number[]) => counts.reduce((sum, count) => sum + count, 0) || 1;
  const realTotal = total(histogram.real);
  const syntheticTotal = total(histogram.synthetic);
  return histogram.bins.map((bin, index) => ({
    bin,
    real: (histogram.real[index] ?? 0) / realTotal,
    synthetic: (histogram.synthetic[index] ?? 0) / syntheticTotal,
  }));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The labels of a date column's bins (the missing-value bin left out) in the language's own
 * words: "Mar 15, 1995 – Apr 2, 1996" or "15 mar 1995 – 2 abr 1996", with the time when the
 * column spans a few days only. Shown in UTC: the data's dates carry no time zone, so the
 * browser's would move a day across midnight.
 */
export function dateBinLabels(edges: number[], language: string): string[] {
  const span = (edges.at(-1) ?? 0) - (edges[0] ?? 0);
  const format = new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    dateStyle: 'medium',
    ...(span < 3 * DAY_MS ? { timeStyle: 'short' as const } : {}),
  });
  return edges.slice(1).map((end, index) => format.formatRange(edges[index] ?? end, end));
}

/** The columns of the pair-trend map, in the order they first appear in its pairs. */
export function pairColumns(pairs: ReportPairTrend[]): string[] {
  const columns: string[] = [];
  for (const pair of pairs) {
    if (!columns.includes(pair.columnA)) columns.push(pair.columnA);
    if (!columns.includes(pair.columnB)) columns.push(pair.columnB);
  }
  return columns;
}

/** The pair of two columns, whichever way round the report holds it. */
export function findPair(pairs: ReportPairTrend[], a: string, b: string) {
  return pairs.find(
    (pair) =>
      (pair.columnA === a && pair.columnB === b) || (pair.columnA === b && pair.columnB === a),
  );
}
