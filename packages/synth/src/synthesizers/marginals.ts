import { betaCdf, normalCdf, normalQuantile } from './distributions.js';
import type { Random } from '@app/engine-kit';

export type MarginalName = 'empirical' | 'normal' | 'truncated-normal' | 'beta' | 'uniform';

/**
 * What a fitted marginal is made of, as plain data (it is stored in a model): the observed values
 * of the empirical distribution, or a family's parameters and the observed range.
 */
export type MarginalSpec =
  | { name: 'empirical'; sorted: number[] }
  | { name: 'uniform'; min: number; max: number; ksDistance: number }
  | {
      name: 'normal' | 'truncated-normal';
      mean: number;
      sd: number;
      min: number;
      max: number;
      ksDistance: number;
    }
  | { name: 'beta'; a: number; b: number; min: number; max: number; ksDistance: number };

/** A fitted distribution of one numerical column. */
export type Marginal = {
  name: MarginalName;
  spec: MarginalSpec;
  /** Kolmogorov-Smirnov distance between the fitted and the observed distribution. */
  ksDistance: number;
  /** Probability of a real value; ties of the empirical marginal are spread at random over their step. */
  toProbability(value: number, random: Random): number;
  /** Value at a probability, inside the observed range. */
  fromProbability(probability: number): number;
};

type ContinuousCandidate = {
  name: MarginalName;
  cdf(value: number): number;
  quantile(p: number): number;
};

/** Below this many distinct values the empirical marginal returns only observed values. */
const DISCRETE_LIMIT = 100;
const BETA_GRID = 2048;
const PARSIMONY_MARGIN = 0.005;

function countBelow(sorted: Float64Array, value: number, inclusive: boolean): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const probe = sorted[middle] ?? 0;
    if (probe < value || (inclusive && probe === value)) low = middle + 1;
    else high = middle;
  }
  return low;
}

function measureKs(sorted: Float64Array, cdf: (value: number) => number): number {
  const n = sorted.length;
  let distance = 0;
  let start = 0;
  while (start < n) {
    const value = sorted[start] ?? 0;
    let end = start;
    while (end < n && sorted[end] === value) end++;
    const fitted = cdf(value);
    distance = Math.max(distance, Math.abs(fitted - end / n), Math.abs(fitted - start / n));
    start = end;
  }
  return distance;
}

function createEmpirical(sorted: Float64Array): Omit<Marginal, 'ksDistance' | 'spec'> {
  const n = sorted.length;
  let distinct = 0;
  for (let i = 0; i < n; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) distinct++;
  const discrete = distinct <= DISCRETE_LIMIT;
  return {
    name: 'empirical',
    toProbability(value, random) {
      const below = countBelow(sorted, value, false);
      const upTo = countBelow(sorted, value, true);
      return (below + random.uniform() * (upTo - below)) / n;
    },
    fromProbability(probability) {
      if (discrete) return sorted[Math.min(n - 1, Math.floor(probability * n))] ?? 0;
      const position = probability * (n - 1);
      const index = Math.floor(position);
      const low = sorted[index] ?? 0;
      const high = sorted[Math.min(n - 1, index + 1)] ?? low;
      return low + (position - index) * (high - low);
    },
  };
}

type FamilySpec = Exclude<MarginalSpec, { name: 'empirical' }>;
type FamilyParameters = FamilySpec extends infer T
  ? T extends FamilySpec
    ? Omit<T, 'ksDistance'>
    : never
  : never;

/** The candidate families of the sorted values, simplest first, with their fitted parameters. */
function findCandidates(sorted: Float64Array): FamilyParameters[] {
  const n = sorted.length;
  const min = sorted[0] ?? 0;
  const max = sorted[n - 1] ?? 0;
  const span = max - min;
  if (span <= 0) return [];
  let sum = 0;
  for (const value of sorted) sum += value;
  const mean = sum / n;
  let squares = 0;
  for (const value of sorted) squares += (value - mean) ** 2;
  const sd = Math.sqrt(squares / Math.max(1, n - 1));
  const candidates: FamilyParameters[] = [{ name: 'uniform', min, max }];
  if (sd > 0) {
    candidates.push({ name: 'normal', mean, sd, min, max });
    const mass = normalCdf((max - mean) / sd) - normalCdf((min - mean) / sd);
    if (mass > 1e-9) candidates.push({ name: 'truncated-normal', mean, sd, min, max });
    const m = (mean - min) / span;
    const v = (sd / span) ** 2;
    const common = (m * (1 - m)) / v - 1;
    if (m > 0 && m < 1 && common > 0)
      candidates.push({ name: 'beta', min, max, a: m * common, b: (1 - m) * common });
  }
  return candidates;
}

/** The CDF and quantile function of a family from its parameters. */
function createContinuous(spec: FamilyParameters): ContinuousCandidate {
  const { min, max } = spec;
  const span = max - min;
  if (spec.name === 'uniform') {
    return { name: 'uniform', cdf: (x) => (x - min) / span, quantile: (p) => min + p * span };
  }
  if (spec.name === 'beta') return createBeta({ min, span, a: spec.a, b: spec.b });
  const { mean, sd } = spec;
  if (spec.name === 'normal') {
    return {
      name: 'normal',
      cdf: (x) => normalCdf((x - mean) / sd),
      quantile: (p) => mean + sd * normalQuantile(p),
    };
  }
  const lowMass = normalCdf((min - mean) / sd);
  const mass = normalCdf((max - mean) / sd) - lowMass;
  return {
    name: 'truncated-normal',
    cdf: (x) => (normalCdf((x - mean) / sd) - lowMass) / mass,
    quantile: (p) => mean + sd * normalQuantile(lowMass + p * mass),
  };
}

function createBeta(options: {
  min: number;
  span: number;
  a: number;
  b: number;
}): ContinuousCandidate {
  const { min, span, a, b } = options;
  const cdf = (x: number): number => betaCdf((x - min) / span, a, b);
  // Quantiles by bisection once on a grid (built when first needed), then linear interpolation.
  let grid: Float64Array | null = null;
  const buildGrid = (): Float64Array => {
    const built = new Float64Array(BETA_GRID + 1);
    for (let i = 0; i <= BETA_GRID; i++) {
      const target = i / BETA_GRID;
      let low = 0;
      let high = 1;
      for (let step = 0; step < 40; step++) {
        const middle = (low + high) / 2;
        if (betaCdf(middle, a, b) < target) low = middle;
        else high = middle;
      }
      built[i] = (low + high) / 2;
    }
    return built;
  };
  return {
    name: 'beta',
    cdf,
    quantile(p) {
      grid ??= buildGrid();
      const position = p * BETA_GRID;
      const index = Math.min(BETA_GRID - 1, Math.floor(position));
      const low = grid[index] ?? 0;
      const high = grid[index + 1] ?? low;
      return min + span * (low + (position - index) * (high - low));
    },
  };
}

/**
 * Fits a marginal to the non-missing values of a column. A parametric family is chosen when its KS
 * distance is at most `maxKsDistance` (the best such family wins); otherwise the empirical distribution.
 */
export function fitMarginal(options: {
  values: Float64Array;
  mode: 'auto' | 'empirical';
  maxKsDistance: number;
}): Marginal {
  const sorted = Float64Array.from(options.values).sort();
  if (options.mode === 'auto') {
    const fits = findCandidates(sorted).map((parameters) => {
      const candidate = createContinuous(parameters);
      const cdf = (x: number) => Math.min(1, Math.max(0, candidate.cdf(x)));
      return { parameters, ksDistance: measureKs(sorted, cdf) };
    });
    const smallest = Math.min(...fits.map((fit) => fit.ksDistance));
    // Candidates run from simplest to most flexible; a simpler family wins when it fits nearly as well.
    const best = fits.find(
      (fit) =>
        fit.ksDistance <= options.maxKsDistance && fit.ksDistance <= smallest + PARSIMONY_MARGIN,
    );
    if (best) return buildMarginal({ ...best.parameters, ksDistance: best.ksDistance });
  }
  return buildMarginal({ name: 'empirical', sorted: Array.from(sorted) });
}

/** The marginal a spec describes (as fitted, or read back from a stored model). */
export function buildMarginal(spec: MarginalSpec): Marginal {
  if (spec.name === 'empirical') {
    return { ...createEmpirical(Float64Array.from(spec.sorted)), ksDistance: 0, spec };
  }
  const candidate = createContinuous(spec);
  const clamp = (value: number): number => Math.min(spec.max, Math.max(spec.min, value));
  return {
    name: spec.name,
    ksDistance: spec.ksDistance,
    spec,
    toProbability: (value) => Math.min(1, Math.max(0, candidate.cdf(value))),
    fromProbability: (probability) => clamp(candidate.quantile(probability)),
  };
}
