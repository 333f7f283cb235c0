import { TableError, type Table, type TableSchema } from '../table.js';
import { measureMlEfficacy, type MlEfficacy } from '../evaluation/index.js';
import { buildDiagnostic, type Diagnostic } from './diagnostic.js';
import { encodeTables } from './encode.js';
import { measurePrivacy, type Privacy } from './privacy.js';
import {
  buildHistogram,
  scoreColumnShape,
  scorePairTrend,
  type ColumnShape,
  type Histogram,
  type PairTrend,
} from './quality.js';

export type QualityReport = {
  /** Mean of the column-shape score and the all-pairs trend score. */
  overall: number;
  columnShapes: { score: number; columns: ColumnShape[] };
  pairTrends: {
    /** Mean over every pair of compared columns. */
    score: number;
    /** Mean over the pairs with a strong real association; `null` when there are none. */
    strongScore: number | null;
    strongPairs: number;
    pairs: PairTrend[];
  };
  diagnostic: Diagnostic;
  privacy: Privacy;
  /** A classifier of `target` trained on synthetic rows against one trained on real rows, tested on the holdout; `null` without a target and holdout. */
  mlEfficacy: MlEfficacy | null;
  histograms: Histogram[];
  /** Columns left out of shapes, pairs and privacy: keys and free text. */
  skippedColumns: string[];
};

export type BuildReportOptions = {
  real: Table;
  synthetic: Table;
  schema: TableSchema;
  holdout?: Table;
  /** Binary column to measure machine-learning efficacy on (needs `holdout`). */
  target?: string;
  /** Synthetic and holdout rows sampled for the distance to closest record. */
  dcrSampleSize?: number;
  /** Real rows sampled as the reference of the distance to closest record. */
  dcrReferenceSize?: number;
  seed?: number;
};

function average(scores: number[]): number | null {
  return scores.length === 0 ? null : scores.reduce((sum, score) => sum + score, 0) / scores.length;
}

/** Compares synthetic data with the real data it imitates: fidelity, validity and privacy. */
export function buildQualityReport(options: BuildReportOptions): QualityReport {
  const { real, synthetic, schema, holdout } = options;
  const tables = holdout === undefined ? [real, synthetic] : [real, synthetic, holdout];
  for (const column of schema.columns) {
    if (tables.some((table) => !table.columns.includes(column.name))) {
      throw new TableError('columnNotCompared', { column: column.name });
    }
  }
  const encoded = encodeTables(schema, tables);
  const compared = encoded.filter((column) => column.role !== 'skipped');
  const shapes = compared.map(scoreColumnShape);
  const pairs = compared.flatMap((a, index) =>
    compared.slice(index + 1).map((b) => scorePairTrend(a, b)),
  );
  const strong = pairs.filter((pair) => pair.strong);
  const shapeScore = average(shapes.map((shape) => shape.score)) ?? 1;
  const pairScore = average(pairs.map((pair) => pair.score)) ?? 1;
  return {
    overall: (shapeScore + pairScore) / 2,
    columnShapes: { score: shapeScore, columns: shapes },
    pairTrends: {
      score: pairScore,
      strongScore: average(strong.map((pair) => pair.score)),
      strongPairs: strong.length,
      pairs,
    },
    diagnostic: buildDiagnostic({ real, synthetic, schema }),
    privacy: measurePrivacy({
      columns: compared,
      hasHoldout: holdout !== undefined,
      sampleSize: options.dcrSampleSize ?? 2000,
      referenceSize: options.dcrReferenceSize ?? 10000,
      seed: options.seed ?? 1,
    }),
    mlEfficacy:
      options.target === undefined || holdout === undefined
        ? null
        : measureMlEfficacy({ real, synthetic, test: holdout, schema, target: options.target }),
    histograms: compared.map(buildHistogram),
    skippedColumns: encoded.filter((column) => column.role === 'skipped').map((c) => c.name),
  };
}
