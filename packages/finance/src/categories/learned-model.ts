import type { Direction } from './keyword-rules.js';
import { readWords, type NormalizedDescription } from './normalize-description.js';

/**
 * A multinomial naive Bayes over the words, word pairs and word triples of a description
 * (character 4-grams were tried and scored lower in the cross-validation), with the class
 * prior taken per direction of the money. It is trained by
 * `bench/train-category-model.ts` on the tuning split of the labelled sets only, and answers
 * one of the 13 parents with its posterior probability.
 */
export type CategoryModelData = {
  version: 1;
  /** Parent keys, in the order of the class indexes below. */
  parents: string[];
  /** Training rows per class, for money in and for money out. */
  priors: Record<Direction, number[]>;
  /** Feature → `[class, count, class, count, …]` (only the classes it was seen with). */
  counts: Record<string, number[]>;
  /** Additive smoothing of the feature counts. */
  alpha: number;
};

export type LearnedGuess = { parent: string; probability: number };

const MIN_WORD_LENGTH = 2;
const DIGITS = /^\d+$/;

/** The model's features of a description; digit-only words (dates, references) are left out. */
export function readModelFeatures(text: NormalizedDescription): string[] {
  const words = readWords(text).filter(
    (word) => word.length >= MIN_WORD_LENGTH && !DIGITS.test(word),
  );
  const features: string[] = [];
  for (let index = 0; index < words.length; index++) {
    const word = words[index] ?? '';
    features.push(`w ${word}`);
    if (index + 1 < words.length) features.push(`b ${word} ${words[index + 1] ?? ''}`);
    if (index + 2 < words.length) {
      features.push(`t ${word} ${words[index + 1] ?? ''} ${words[index + 2] ?? ''}`);
    }
  }
  return features;
}

export type CategoryModel = {
  guess(features: readonly string[], direction: Direction): LearnedGuess | undefined;
};

export function createCategoryModel(data: CategoryModelData): CategoryModel {
  const classCount = data.parents.length;
  const totals = data.parents.map(() => 0);
  for (const pairs of Object.values(data.counts)) {
    for (let index = 0; index < pairs.length; index += 2) {
      const parent = pairs[index] ?? 0;
      totals[parent] = (totals[parent] ?? 0) + (pairs[index + 1] ?? 0);
    }
  }
  const vocabulary = Object.keys(data.counts).length;
  // log P(unseen feature | class); a seen one adds log((count + alpha) / alpha) to it.
  const unseen = Array.from(totals, (total) =>
    Math.log(data.alpha / (total + data.alpha * vocabulary)),
  );
  // Per feature: [class, log((count + alpha) / alpha), …], worked out once.
  const boosts = new Map(
    Object.entries(data.counts).map(([feature, pairs]) => [
      feature,
      pairs.map((value, index) =>
        index % 2 === 0 ? value : Math.log((value + data.alpha) / data.alpha),
      ),
    ]),
  );
  const logPriors = {
    in: priorLogs(data.priors.in),
    out: priorLogs(data.priors.out),
  };
  const scores = new Float64Array(classCount);

  function guess(features: readonly string[], direction: Direction): LearnedGuess | undefined {
    let known = 0;
    const prior = logPriors[direction];
    for (let index = 0; index < classCount; index++) scores[index] = prior[index] ?? -Infinity;
    for (const feature of features) {
      const pairs = boosts.get(feature);
      if (!pairs) continue;
      known++;
      for (let index = 0; index < classCount; index++) {
        scores[index] = (scores[index] ?? 0) + (unseen[index] ?? 0);
      }
      for (let index = 0; index < pairs.length; index += 2) {
        const parent = pairs[index] ?? 0;
        scores[parent] = (scores[parent] ?? 0) + (pairs[index + 1] ?? 0);
      }
    }
    if (known === 0) return undefined;
    let best = 0;
    for (let index = 1; index < classCount; index++) {
      if ((scores[index] ?? -Infinity) > (scores[best] ?? -Infinity)) best = index;
    }
    const top = scores[best] ?? 0;
    let sum = 0;
    for (let index = 0; index < classCount; index++) sum += Math.exp((scores[index] ?? 0) - top);
    return { parent: data.parents[best] ?? '', probability: 1 / sum };
  }

  return { guess };
}

function priorLogs(rows: readonly number[]): number[] {
  const total = rows.reduce((sum, count) => sum + count + 1, 0);
  return rows.map((count) => Math.log((count + 1) / total));
}

/** Counts the features of labelled rows into a model's data (the training script uses it). */
export function trainCategoryModel(
  rows: readonly { features: readonly string[]; direction: Direction; parent: string }[],
  options: { parents: readonly string[]; alpha: number; minRows: number },
): CategoryModelData {
  const classIndex = new Map(options.parents.map((parent, index) => [parent, index]));
  const priors: Record<Direction, number[]> = {
    in: options.parents.map(() => 0),
    out: options.parents.map(() => 0),
  };
  const perFeature = new Map<string, Map<number, number>>();
  const rowsPerFeature = new Map<string, number>();
  for (const row of rows) {
    const parent = classIndex.get(row.parent);
    if (parent === undefined) throw new Error(`unknown parent ${row.parent}`);
    priors[row.direction][parent] = (priors[row.direction][parent] ?? 0) + 1;
    for (const feature of new Set(row.features)) {
      rowsPerFeature.set(feature, (rowsPerFeature.get(feature) ?? 0) + 1);
    }
    for (const feature of row.features) {
      const byClass = perFeature.get(feature) ?? new Map<number, number>();
      byClass.set(parent, (byClass.get(parent) ?? 0) + 1);
      perFeature.set(feature, byClass);
    }
  }
  const counts: Record<string, number[]> = {};
  for (const [feature, byClass] of [...perFeature].sort(([a], [b]) => a.localeCompare(b))) {
    if ((rowsPerFeature.get(feature) ?? 0) < options.minRows) continue;
    counts[feature] = [...byClass].sort(([a], [b]) => a - b).flat();
  }
  return { version: 1, parents: [...options.parents], priors, counts, alpha: options.alpha };
}
