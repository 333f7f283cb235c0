/**
 * Trains the categoriser's learned model on the tuning split of the labelled sets
 * (`../shared/eval/categorization`, read in place; the held-out rows are never read here)
 * and writes it to `src/categories/category-model-data.ts`. Before writing, it picks how far
 * the model may overrule the keyword rules by a 5-fold cross-validation over the tuning
 * merchant groups, and prints the grid it chose from.
 *
 *   npx tsx packages/finance/bench/train-category-model.ts
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  categorizeByRules,
  combineWithModel,
  type ModelSettings,
  type ModelThresholds,
  type RuleAnswer,
} from '../src/categories/categorizer.js';
import {
  createCategoryModel,
  readModelFeatures,
  trainCategoryModel,
  type CategoryModelData,
} from '../src/categories/learned-model.js';
import { normalizeDescription } from '../src/categories/normalize-description.js';
import { CATEGORY_TAXONOMY } from '../src/categories/taxonomy.js';
import {
  evalSetExists,
  loadCategorizationEvalSet,
  type LabelledTransaction,
} from '../src/testing/categorization-eval.js';

const FOLDS = 5;
const NEVER: ModelSettings = { thresholds: { weak: 2, keyword: 2, strong: 2 }, confidence: 0 };
const ALPHA = 0.5;
const MIN_ROWS = 2;
const OUTPUT = fileURLToPath(new URL('../src/categories/category-model-data.ts', import.meta.url));

const PARENT_KEY = new Map<string, string>(
  CATEGORY_TAXONOMY.map((parent) => [parent.names['en-US'], parent.key]),
);
const PARENTS = CATEGORY_TAXONOMY.map((parent) => parent.key);

type Prepared = {
  row: LabelledTransaction;
  features: string[];
  direction: 'in' | 'out';
  parent: string;
  fold: number;
  rules: RuleAnswer;
};

function foldOf(group: string): number {
  let hash = 0;
  for (let index = 0; index < group.length; index++) {
    hash = (Math.imul(hash, 31) + group.charCodeAt(index)) | 0;
  }
  return Math.abs(hash) % FOLDS;
}

function train(rows: readonly Prepared[]): CategoryModelData {
  return trainCategoryModel(rows, { parents: PARENTS, alpha: ALPHA, minRows: MIN_ROWS });
}

function main(): void {
  if (!evalSetExists()) throw new Error('../shared/eval/categorization is missing');
  const tuning: Prepared[] = loadCategorizationEvalSet()
    .filter((row) => row.isTuning)
    .map((row) => {
      const parent = PARENT_KEY.get(row.parent);
      if (parent === undefined) throw new Error(`unknown parent ${row.parent}`);
      return {
        row,
        features: readModelFeatures(normalizeDescription(row.description)),
        direction: row.amount > 0 ? 'in' : 'out',
        parent,
        fold: foldOf(`${row.language}|${row.group}`),
        rules: categorizeByRules(row),
      };
    });

  // Out-of-fold guesses: each row scored by a model that never saw its merchant group.
  const guesses = tuning.map(
    () => undefined as ReturnType<ReturnType<typeof createCategoryModel>['guess']>,
  );
  for (let fold = 0; fold < FOLDS; fold++) {
    const model = createCategoryModel(train(tuning.filter((row) => row.fold !== fold)));
    tuning.forEach((row, index) => {
      if (row.fold === fold) guesses[index] = model.guess(row.features, row.direction);
    });
  }

  const accuracyOf = (thresholds: ModelThresholds | null): Record<string, number> => {
    const tally: Record<string, [number, number]> = { es: [0, 0], en: [0, 0], model: [0, 0] };
    const settings = thresholds ? { thresholds, confidence: 0 } : NEVER;
    tuning.forEach((row, index) => {
      const result = combineWithModel(row.rules, guesses[index], settings);
      for (const key of [row.row.language, ...(result.source === 'model' ? ['model'] : [])]) {
        const counts = tally[key] ?? [0, 0];
        counts[1]++;
        if (result.parent === row.row.parent) counts[0]++;
      }
    });
    return Object.fromEntries(
      Object.entries(tally).map(([key, [correct, total]]) => [key, total ? correct / total : 0]),
    );
  };

  const base = accuracyOf(null);
  console.log(
    `rules alone (out-of-fold rows): es ${base.es?.toFixed(4)}, en ${base.en?.toFixed(4)}`,
  );
  let best: { thresholds: ModelThresholds; score: number } | undefined;
  const grid = [0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99, 0.999, 1.01];
  for (const weak of grid) {
    for (const keyword of grid) {
      for (const strong of grid) {
        if (keyword < weak || strong < keyword) continue;
        const thresholds = { weak, keyword, strong };
        const accuracy = accuracyOf(thresholds);
        // Both languages count alike, so the small English set is not drowned.
        const score = ((accuracy.es ?? 0) + (accuracy.en ?? 0)) / 2;
        if (!best || score > best.score + 1e-9) best = { thresholds, score };
      }
    }
  }
  if (!best) throw new Error('empty grid');
  const chosen = accuracyOf(best.thresholds);
  console.log(
    `with the model, thresholds ${JSON.stringify(best.thresholds)}: es ${chosen.es?.toFixed(4)}, en ${chosen.en?.toFixed(4)}`,
  );

  const settings: ModelSettings = {
    thresholds: best.thresholds,
    confidence: Math.round((chosen.model ?? 0) * 100) / 100,
  };
  console.log(`precision of the model's answers out of fold: ${settings.confidence}`);
  const data = train(tuning);
  const text = JSON.stringify(data);
  writeFileSync(
    OUTPUT,
    `// Written by packages/finance/bench/train-category-model.ts from the tuning split; do not edit.\n` +
      `import type { ModelSettings } from './categorizer.js';\n` +
      `import type { CategoryModelData } from './learned-model.js';\n\n` +
      `export const MODEL_SETTINGS: ModelSettings = ${JSON.stringify(settings)};\n\n` +
      `export const CATEGORY_MODEL_DATA: CategoryModelData = JSON.parse(${JSON.stringify(text)}) as CategoryModelData;\n`,
  );
  console.log(
    `wrote ${OUTPUT}: ${Object.keys(data.counts).length} features, ${Math.round(text.length / 1024)} KB`,
  );
}

main();
