import { TableError, type Table, type TableSchema } from '../table.js';
import { fitFeatureEncoder } from './features.js';
import { trainBoostedTrees, type BoostingOptions } from './gradient-boosting.js';

export type MlEfficacy = {
  target: string;
  /** The class predicted as positive: the less common class of the real training rows. */
  positiveClass: string;
  /** Accuracy on the test rows of a classifier trained on the real training rows. */
  realAccuracy: number;
  /** Accuracy on the test rows of the same classifier trained on the synthetic rows. */
  syntheticAccuracy: number;
  /** Real minus synthetic accuracy: what training on synthetic data costs. */
  gap: number;
};

function readTarget(table: Table, target: string): (string | null)[] {
  const index = table.columns.indexOf(target);
  if (index < 0) throw new TableError('noTargetColumn', { column: target });
  return table.rows.map((row) => row[index] ?? null);
}

function findPositiveClass(labels: (string | null)[]): string {
  const counts = new Map<string, number>();
  for (const label of labels) if (label !== null) counts.set(label, (counts.get(label) ?? 0) + 1);
  if (counts.size !== 2) {
    throw new TableError('targetClasses', { count: counts.size });
  }
  const [first, second] = [...counts.entries()].sort(
    (a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1),
  );
  return first?.[0] ?? second?.[0] ?? '';
}

/** Accuracy on `test` of gradient-boosted trees trained on `train` (rows with a target only). */
export function measureAccuracy(options: {
  train: Table;
  test: Table;
  schema: TableSchema;
  target: string;
  positiveClass: string;
  settings?: BoostingOptions;
}): number {
  const { schema, target, positiveClass } = options;
  const targetIndex = options.train.columns.indexOf(target);
  const train: Table = {
    columns: options.train.columns,
    rows: options.train.rows.filter((row) => row[targetIndex] != null),
  };
  const labels = Uint8Array.from(readTarget(train, target), (label) =>
    label === positiveClass ? 1 : 0,
  );
  const encoder = fitFeatureEncoder({ table: train, schema, target, labels });
  const model = trainBoostedTrees({
    features: encoder.encode(train),
    labels,
    settings: options.settings,
  });
  const probabilities = model.predict(encoder.encode(options.test));
  const actual = readTarget(options.test, target);
  let correct = 0;
  actual.forEach((label, row) => {
    if ((label === positiveClass) === (probabilities[row] ?? 0) >= 0.5) correct++;
  });
  return actual.length === 0 ? 0 : correct / actual.length;
}

/**
 * Machine-learning efficacy: a binary classifier of `target` trained on synthetic rows against one
 * trained on the real rows, both tested on real rows neither has seen.
 */
export function measureMlEfficacy(options: {
  real: Table;
  synthetic: Table;
  test: Table;
  schema: TableSchema;
  target: string;
  settings?: BoostingOptions;
}): MlEfficacy {
  const { real, synthetic, test, schema, target } = options;
  const positiveClass = findPositiveClass(readTarget(real, target));
  const common = {
    test,
    schema,
    target,
    positiveClass,
    settings: options.settings,
  };
  const realAccuracy = measureAccuracy({ train: real, ...common });
  const syntheticAccuracy = measureAccuracy({ train: synthetic, ...common });
  return {
    target,
    positiveClass,
    realAccuracy,
    syntheticAccuracy,
    gap: realAccuracy - syntheticAccuracy,
  };
}
