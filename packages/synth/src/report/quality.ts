import type { EncodedColumn } from './encode.js';
import {
  computeCramersV,
  computeKsStatistic,
  computePearson,
  computeTotalVariation,
  countContingency,
} from './stats.js';

const STRONG_CORRELATION = 0.5;
const STRONG_CRAMERS_V = 0.3;
const HISTOGRAM_BINS = 20;
const HISTOGRAM_CATEGORIES = 20;

export type ColumnShape = {
  column: string;
  metric: 'ks-complement' | 'tv-complement';
  score: number;
};

export type PairTrend = {
  columnA: string;
  columnB: string;
  metric: 'correlation-similarity' | 'contingency-similarity';
  /** Pearson r for two numerical columns, Cramér's V otherwise. */
  association: 'pearson' | 'cramers-v';
  realAssociation: number;
  syntheticAssociation: number;
  strong: boolean;
  score: number;
};

export type Histogram = {
  column: string;
  /** Bin labels: `[low, high)` ranges or category names; `null` is the missing value. */
  bins: (string | null)[];
  real: number[];
  synthetic: number[];
  /**
   * A column of dates: the bins' edges in milliseconds since 1970 (one more than the bins
   * before the missing one), so a reader can show them as dates in its own language.
   */
  datetimeEdges?: number[];
};

const REAL = 0;
const SYNTHETIC = 1;

function countCodes(codes: Int32Array | undefined, levels: number): Float64Array {
  const counts = new Float64Array(levels);
  for (const code of codes ?? []) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
}

export function scoreColumnShape(column: EncodedColumn): ColumnShape {
  if (column.role === 'numerical') {
    const real = column.values[REAL] ?? new Float64Array();
    const synthetic = column.values[SYNTHETIC] ?? new Float64Array();
    return {
      column: column.name,
      metric: 'ks-complement',
      score: 1 - computeKsStatistic(real, synthetic),
    };
  }
  return {
    column: column.name,
    metric: 'tv-complement',
    score:
      1 -
      computeTotalVariation(
        countCodes(column.codes[REAL], column.levels),
        countCodes(column.codes[SYNTHETIC], column.levels),
      ),
  };
}

export function scorePairTrend(a: EncodedColumn, b: EncodedColumn): PairTrend {
  const names = { columnA: a.name, columnB: b.name };
  if (a.role === 'numerical' && b.role === 'numerical') {
    const empty = new Float64Array();
    const realAssociation = computePearson(a.values[REAL] ?? empty, b.values[REAL] ?? empty);
    const syntheticAssociation = computePearson(
      a.values[SYNTHETIC] ?? empty,
      b.values[SYNTHETIC] ?? empty,
    );
    return {
      ...names,
      metric: 'correlation-similarity',
      association: 'pearson',
      realAssociation,
      syntheticAssociation,
      strong: Math.abs(realAssociation) > STRONG_CORRELATION,
      score: 1 - Math.abs(realAssociation - syntheticAssociation) / 2,
    };
  }
  const shape = { levelsA: a.levels, levelsB: b.levels };
  const empty = new Int32Array();
  const real = countContingency({ a: a.codes[REAL] ?? empty, b: b.codes[REAL] ?? empty, ...shape });
  const synthetic = countContingency({
    a: a.codes[SYNTHETIC] ?? empty,
    b: b.codes[SYNTHETIC] ?? empty,
    ...shape,
  });
  const realAssociation = computeCramersV({ counts: real, ...shape });
  return {
    ...names,
    metric: 'contingency-similarity',
    association: 'cramers-v',
    realAssociation,
    syntheticAssociation: computeCramersV({ counts: synthetic, ...shape }),
    strong: realAssociation > STRONG_CRAMERS_V,
    score: 1 - computeTotalVariation(real, synthetic),
  };
}

function toShares(counts: Float64Array): number[] {
  const total = counts.reduce((sum, count) => sum + count, 0);
  return Array.from(counts, (count) => (total === 0 ? 0 : count / total));
}

function formatEdge(value: number): string {
  return String(Number(value.toPrecision(6)));
}

function buildNumericalHistogram(column: EncodedColumn): Histogram {
  let low = Infinity;
  let high = -Infinity;
  for (const values of column.values.slice(0, 2)) {
    for (const value of values) {
      if (Number.isNaN(value)) continue;
      low = Math.min(low, value);
      high = Math.max(high, value);
    }
  }
  const width = high > low ? (high - low) / HISTOGRAM_BINS : 1;
  const binCount = Number.isFinite(low) ? (high > low ? HISTOGRAM_BINS : 1) : 0;
  const counts = column.values.slice(0, 2).map((values) => {
    const bins = new Float64Array(binCount + 1);
    for (const value of values) {
      const bin = Number.isNaN(value)
        ? binCount
        : Math.min(binCount - 1, Math.floor((value - low) / width));
      bins[bin] = (bins[bin] ?? 0) + 1;
    }
    return bins;
  });
  const labels = Array.from(
    { length: binCount },
    (_, index) => `[${formatEdge(low + index * width)}, ${formatEdge(low + (index + 1) * width)})`,
  );
  return {
    column: column.name,
    bins: [...labels, null],
    real: toShares(counts[REAL] ?? new Float64Array()),
    synthetic: toShares(counts[SYNTHETIC] ?? new Float64Array()),
    ...(column.isDatetime && binCount > 0
      ? { datetimeEdges: Array.from({ length: binCount + 1 }, (_, index) => low + index * width) }
      : {}),
  };
}

function buildCategoricalHistogram(column: EncodedColumn): Histogram {
  const real = countCodes(column.codes[REAL], column.levels);
  const synthetic = countCodes(column.codes[SYNTHETIC], column.levels);
  const top = Array.from(real.keys())
    .filter((code) => code !== 0)
    .sort((x, y) => (real[y] ?? 0) - (real[x] ?? 0))
    .slice(0, HISTOGRAM_CATEGORIES);
  const shown = new Set([...top, 0]);
  const sum = (counts: Float64Array): number[] => {
    const other = Array.from(counts.keys())
      .filter((code) => !shown.has(code))
      .reduce((total, code) => total + (counts[code] ?? 0), 0);
    return [...top.map((code) => counts[code] ?? 0), other, counts[0] ?? 0];
  };
  const toShareList = (counts: Float64Array): number[] => toShares(new Float64Array(sum(counts)));
  return {
    column: column.name,
    bins: [...top.map((code) => column.categories[code] ?? null), '(other)', null],
    real: toShareList(real),
    synthetic: toShareList(synthetic),
  };
}

/** Shares of real and synthetic values per bin: equal-width bins or the 20 commonest categories. */
export function buildHistogram(column: EncodedColumn): Histogram {
  return column.role === 'numerical'
    ? buildNumericalHistogram(column)
    : buildCategoricalHistogram(column);
}
