/** Pearson correlation over the rows where both values are present; 0 when either side is constant. */
export function computePearson(xs: Float64Array, ys: Float64Array): number {
  let count = 0;
  let sumX = 0;
  let sumY = 0;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i] ?? NaN;
    const y = ys[i] ?? NaN;
    if (Number.isNaN(x) || Number.isNaN(y)) continue;
    count++;
    sumX += x;
    sumY += y;
  }
  if (count < 2) return 0;
  const meanX = sumX / count;
  const meanY = sumY / count;
  let covariance = 0;
  let varianceX = 0;
  let varianceY = 0;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i] ?? NaN;
    const y = ys[i] ?? NaN;
    if (Number.isNaN(x) || Number.isNaN(y)) continue;
    covariance += (x - meanX) * (y - meanY);
    varianceX += (x - meanX) ** 2;
    varianceY += (y - meanY) ** 2;
  }
  if (varianceX === 0 || varianceY === 0) return 0;
  return Math.max(-1, Math.min(1, covariance / Math.sqrt(varianceX * varianceY)));
}

/** Joint counts of two coded columns, row-major `a * levelsB + b`. */
export function countContingency(options: {
  a: Int32Array;
  b: Int32Array;
  levelsA: number;
  levelsB: number;
}): Float64Array {
  const counts = new Float64Array(options.levelsA * options.levelsB);
  for (let i = 0; i < options.a.length; i++) {
    const index = (options.a[i] ?? 0) * options.levelsB + (options.b[i] ?? 0);
    counts[index] = (counts[index] ?? 0) + 1;
  }
  return counts;
}

/** Cramér's V of a contingency table (without bias correction); 0 when a side has one level. */
export function computeCramersV(options: {
  counts: Float64Array;
  levelsA: number;
  levelsB: number;
}): number {
  const { counts, levelsA, levelsB } = options;
  const rowTotals = new Float64Array(levelsA);
  const columnTotals = new Float64Array(levelsB);
  let total = 0;
  for (let a = 0; a < levelsA; a++) {
    for (let b = 0; b < levelsB; b++) {
      const count = counts[a * levelsB + b] ?? 0;
      rowTotals[a] = (rowTotals[a] ?? 0) + count;
      columnTotals[b] = (columnTotals[b] ?? 0) + count;
      total += count;
    }
  }
  const usedRows = rowTotals.filter((count) => count > 0).length;
  const usedColumns = columnTotals.filter((count) => count > 0).length;
  const degrees = Math.min(usedRows, usedColumns) - 1;
  if (total === 0 || degrees < 1) return 0;
  let chiSquare = 0;
  for (let a = 0; a < levelsA; a++) {
    for (let b = 0; b < levelsB; b++) {
      const expected = ((rowTotals[a] ?? 0) * (columnTotals[b] ?? 0)) / total;
      if (expected > 0) chiSquare += ((counts[a * levelsB + b] ?? 0) - expected) ** 2 / expected;
    }
  }
  return Math.min(1, Math.sqrt(chiSquare / (total * degrees)));
}

/** Total-variation distance between two count vectors, each normalised to shares. */
export function computeTotalVariation(countsA: Float64Array, countsB: Float64Array): number {
  const totalA = countsA.reduce((sum, count) => sum + count, 0);
  const totalB = countsB.reduce((sum, count) => sum + count, 0);
  if (totalA === 0 && totalB === 0) return 0;
  if (totalA === 0 || totalB === 0) return 1;
  let distance = 0;
  for (let i = 0; i < Math.max(countsA.length, countsB.length); i++) {
    distance += Math.abs((countsA[i] ?? 0) / totalA - (countsB[i] ?? 0) / totalB);
  }
  return distance / 2;
}

/** Two-sample Kolmogorov–Smirnov statistic of the present (non-NaN) values. */
export function computeKsStatistic(xs: Float64Array, ys: Float64Array): number {
  const a = xs.filter((value) => !Number.isNaN(value)).sort();
  const b = ys.filter((value) => !Number.isNaN(value)).sort();
  if (a.length === 0 && b.length === 0) return 0;
  if (a.length === 0 || b.length === 0) return 1;
  let i = 0;
  let j = 0;
  let statistic = 0;
  while (i < a.length && j < b.length) {
    const value = Math.min(a[i] ?? Infinity, b[j] ?? Infinity);
    while (i < a.length && a[i] === value) i++;
    while (j < b.length && b[j] === value) j++;
    statistic = Math.max(statistic, Math.abs(i / a.length - j / b.length));
  }
  return statistic;
}
