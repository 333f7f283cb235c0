export type HistogramBin = { start: number; end: number; count: number };

export type NumericStats = {
  min: number;
  max: number;
  mean: number;
  /** Sample standard deviation (n − 1); `null` for fewer than two values. */
  std: number | null;
  quantiles: { p05: number; p25: number; p50: number; p75: number; p95: number };
};

export type CategoryCount = { value: string; count: number };

const HISTOGRAM_BINS = 20;

/** Linear interpolation between closest ranks (R type 7, numpy's default) on sorted values. */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower] ?? Number.NaN;
  const high = sorted[upper] ?? Number.NaN;
  return low + (high - low) * (position - lower);
}

/** Summary statistics of sorted, non-empty values. */
export function describeSorted(sorted: Float64Array): NumericStats {
  const count = sorted.length;
  let sum = 0;
  for (const value of sorted) sum += value;
  const mean = sum / count;
  let squares = 0;
  for (const value of sorted) squares += (value - mean) ** 2;
  return {
    min: sorted[0] ?? Number.NaN,
    max: sorted[count - 1] ?? Number.NaN,
    mean,
    std: count > 1 ? Math.sqrt(squares / (count - 1)) : null,
    quantiles: {
      p05: quantileSorted(sorted, 0.05),
      p25: quantileSorted(sorted, 0.25),
      p50: quantileSorted(sorted, 0.5),
      p75: quantileSorted(sorted, 0.75),
      p95: quantileSorted(sorted, 0.95),
    },
  };
}

/**
 * Equal-width bins over [min, max], the last bin closed. Whole numbers spanning few values get one
 * bin per value so that no bin straddles two integers.
 */
export function buildHistogram(sorted: Float64Array, isInteger: boolean): HistogramBin[] {
  const min = sorted[0];
  const max = sorted[sorted.length - 1];
  if (min === undefined || max === undefined) return [];
  if (min === max) return [{ start: min, end: max, count: sorted.length }];
  const binCount = isInteger ? Math.min(HISTOGRAM_BINS, max - min + 1) : HISTOGRAM_BINS;
  const width = (max - min) / binCount;
  const bins = Array.from({ length: binCount }, (_, index) => ({
    start: min + index * width,
    end: index === binCount - 1 ? max : min + (index + 1) * width,
    count: 0,
  }));
  for (const value of sorted) {
    const index = Math.min(binCount - 1, Math.floor((value - min) / width));
    const bin = bins[index];
    if (bin) bin.count += 1;
  }
  return bins;
}

function compareCategories(a: CategoryCount, b: CategoryCount): number {
  return b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);
}

/** The most frequent values, ties broken by value so the output is stable. */
export function topCategories(
  encoded: { levels: string[]; counts: number[] },
  limit: number,
): CategoryCount[] {
  // Keeps a sorted top list instead of sorting every level: id-like columns have one level per row.
  const top: CategoryCount[] = [];
  encoded.levels.forEach((value, index) => {
    const candidate = { value, count: encoded.counts[index] ?? 0 };
    const last = top[top.length - 1];
    if (top.length === limit && last && compareCategories(candidate, last) >= 0) return;
    const position = top.findIndex((entry) => compareCategories(candidate, entry) < 0);
    top.splice(position === -1 ? top.length : position, 0, candidate);
    if (top.length > limit) top.pop();
  });
  return top;
}
