import type { Table, TableSchema } from '../table.js';
import {
  buildColumnModel,
  fitColumnModels,
  type ColumnSpec,
  type FittedMarginalColumn,
} from './column-models.js';
import { normalCdf, normalQuantile } from './distributions.js';
import { createRandom } from '@app/engine-kit';
import { sampleRows } from './sampling.js';
import type { GaussianCopulaModel, Synthesizer } from './synthesizer.js';

export type GaussianCopulaParameters = {
  /** `auto` picks the best-fitting family per column by KS distance; `empirical` always uses the data. */
  marginal?: 'auto' | 'empirical';
  /** Largest KS distance at which a parametric family is preferred to the empirical distribution. */
  maxKsDistance?: number;
  /** `partner` orders categories by the column they explain best; `frequency` by their share. */
  categoryOrder?: 'partner' | 'frequency';
};

/** Fixed seed of the random tie-breaking while fitting, so a fit is reproducible. */
const FIT_SEED = 0x5eed;
const ORDERING_ROUNDS = 2;
const MAX_LATENT_CORRELATION = 0.995;

function scoreColumns(marginals: FittedMarginalColumn[], seed: number): Float64Array[] {
  const random = createRandom(seed);
  return marginals.map((model) =>
    Float64Array.from(model.encode(random), (probability) =>
      probability === null ? Number.NaN : normalQuantile(probability),
    ),
  );
}

/** Share of the variance of `score` explained by the categories of `codes` (the correlation ratio η²). */
function explainedVariance(codes: (string | null)[], score: Float64Array): number {
  const groups = new Map<string | null, { n: number; sum: number }>();
  let n = 0;
  let sum = 0;
  let squares = 0;
  codes.forEach((code, index) => {
    const value = score[index] ?? Number.NaN;
    if (Number.isNaN(value)) return;
    const group = groups.get(code) ?? { n: 0, sum: 0 };
    group.n++;
    group.sum += value;
    groups.set(code, group);
    n++;
    sum += value;
    squares += value * value;
  });
  const total = squares - (sum * sum) / n;
  if (n < 2 || total <= 0) return 0;
  let between = 0;
  for (const group of groups.values()) between += (group.sum * group.sum) / group.n;
  return (between - (sum * sum) / n) / total;
}

/**
 * A linear correlation only keeps associations that are monotone in the category order, so each
 * categorical column is ordered by the mean score of the column its categories explain best.
 */
function orderCategoriesByPartner(marginals: FittedMarginalColumn[]): FittedMarginalColumn[] {
  let current = marginals;
  for (let round = 0; round < ORDERING_ROUNDS; round++) {
    const scores = scoreColumns(current, FIT_SEED);
    const random = createRandom(FIT_SEED);
    current = current.map((model, index) => {
      if (!model.reorder) return model;
      const probabilities = model.encode(random);
      const codes = probabilities.map((probability) => String(model.decode(probability ?? 0.5)));
      let best: { score: Float64Array; explained: number } | null = null;
      for (let other = 0; other < scores.length; other++) {
        const score = scores[other];
        if (other === index || !score) continue;
        const explained = explainedVariance(codes, score);
        if (best === null || explained > best.explained) best = { score, explained };
      }
      return best === null ? model : model.reorder(best.score);
    });
  }
  return current;
}

/** Pearson correlation over the rows where both values are present. */
function correlatePair(a: Float64Array, b: Float64Array): number {
  let n = 0;
  let sumA = 0;
  let sumB = 0;
  let sumAA = 0;
  let sumBB = 0;
  let sumAB = 0;
  for (let r = 0; r < a.length; r++) {
    const x = a[r] ?? Number.NaN;
    const y = b[r] ?? Number.NaN;
    if (Number.isNaN(x) || Number.isNaN(y)) continue;
    n++;
    sumA += x;
    sumB += y;
    sumAA += x * x;
    sumBB += y * y;
    sumAB += x * y;
  }
  const varA = sumAA - (sumA * sumA) / n;
  const varB = sumBB - (sumB * sumB) / n;
  return n > 2 && varA > 0 && varB > 0 ? (sumAB - (sumA * sumB) / n) / Math.sqrt(varA * varB) : 0;
}

/**
 * Correlation of the latent normals. A category (or a tie) only tells its interval, so its score is
 * spread at random inside it; that spread attenuates every correlation by the column's reliability,
 * the correlation of two independent spreadings of the same column (1 for continuous columns).
 */
function correlateLatent(marginals: FittedMarginalColumn[]): Float64Array {
  const scores = scoreColumns(marginals, FIT_SEED);
  const again = scoreColumns(marginals, FIT_SEED + 1);
  const reliability = scores.map((score, index) =>
    Math.max(0.05, correlatePair(score, again[index] ?? score)),
  );
  const k = scores.length;
  const matrix = new Float64Array(k * k);
  for (let i = 0; i < k; i++) {
    matrix[i * k + i] = 1;
    for (let j = 0; j < i; j++) {
      const observed = correlatePair(
        scores[i] ?? new Float64Array(),
        scores[j] ?? new Float64Array(),
      );
      const latent = observed / ((reliability[i] ?? 1) * (reliability[j] ?? 1));
      const value = Math.max(-MAX_LATENT_CORRELATION, Math.min(MAX_LATENT_CORRELATION, latent));
      matrix[i * k + j] = value;
      matrix[j * k + i] = value;
    }
  }
  return matrix;
}

/** Lower Cholesky factor, or `null` when the matrix is not (numerically) positive definite. */
function choleskyFactor(matrix: Float64Array, k: number): Float64Array | null {
  const lower = new Float64Array(k * k);
  for (let i = 0; i < k; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = matrix[i * k + j] ?? 0;
      for (let m = 0; m < j; m++) sum -= (lower[i * k + m] ?? 0) * (lower[j * k + m] ?? 0);
      if (i === j) {
        if (sum <= 1e-10) return null;
        lower[i * k + i] = Math.sqrt(sum);
      } else lower[i * k + j] = sum / (lower[j * k + j] ?? 1);
    }
  }
  return lower;
}

/**
 * Cholesky factor of the correlation matrix, shrunk towards the identity just enough to be positive
 * definite (pairwise-complete correlations need not be).
 */
export function factorCorrelation(matrix: Float64Array, k: number): Float64Array {
  for (let shrink = 0; ; shrink = shrink === 0 ? 1e-6 : shrink * 2) {
    const weight = Math.min(1, shrink);
    const shrunk = matrix.map((value, index) => (index % (k + 1) === 0 ? 1 : value * (1 - weight)));
    const lower = choleskyFactor(shrunk, k);
    if (lower) return lower;
  }
}

/** Fits a Gaussian copula: fitted marginals per column joined by the correlation of their normal scores. */
export function fitGaussianCopula(options: {
  table: Table;
  schema: TableSchema;
  parameters?: GaussianCopulaParameters;
}): Synthesizer & { correlation: Float64Array } {
  const initialModels = fitColumnModels({
    table: options.table,
    schema: options.schema,
    marginal: {
      mode: options.parameters?.marginal ?? 'auto',
      maxKsDistance: options.parameters?.maxKsDistance ?? 0.02,
    },
  });
  const fitted = initialModels.filter(
    (model): model is FittedMarginalColumn => model.type === 'marginal',
  );
  const marginals =
    options.parameters?.categoryOrder === 'frequency' ? fitted : orderCategoriesByPartner(fitted);
  const models = initialModels.map((model) =>
    model.type === 'marginal' ? (marginals[fitted.indexOf(model)] ?? model) : model,
  );
  const correlation = correlateLatent(marginals);
  return buildGaussianCopula({
    algorithm: 'gaussian-copula',
    columns: models.map((model): ColumnSpec => model.spec),
    correlation: Array.from(correlation),
    lower: Array.from(factorCorrelation(correlation, marginals.length)),
  });
}

/** The synthesizer a Gaussian copula model describes (as fitted, or read back from storage). */
export function buildGaussianCopula(
  model: GaussianCopulaModel,
): Synthesizer & { correlation: Float64Array } {
  const models = model.columns.map(buildColumnModel);
  const k = models.filter((column) => column.type === 'marginal').length;
  const lower = Float64Array.from(model.lower);
  const normals = new Float64Array(k);
  return {
    algorithm: 'gaussian-copula',
    columns: models.map((column) => column.name),
    columnModels: models.map((column) => ({ name: column.name, model: column.describe })),
    correlation: Float64Array.from(model.correlation),
    toModel: () => model,
    sample: (sample) =>
      sampleRows({
        models,
        sample,
        drawProbabilities(draw, target) {
          for (let i = 0; i < k; i++) normals[i] = draw.normal();
          for (let i = 0; i < k; i++) {
            let z = 0;
            const row = i * k;
            for (let j = 0; j <= i; j++) z += (lower[row + j] ?? 0) * (normals[j] ?? 0);
            target[i] = normalCdf(z);
          }
        },
      }),
  };
}
