import { describe, expect, it } from 'vitest';
import { createRandom } from '@app/engine-kit';
import { trainBoostedTrees, type BinnedFeatures } from './gradient-boosting.js';

/** Two informative features whose interaction (an exclusive or) decides the class, and one of noise. */
function buildXor(rows: number, seed: number): { features: BinnedFeatures; labels: Uint8Array } {
  const random = createRandom(seed);
  const columns = [new Uint8Array(rows), new Uint8Array(rows), new Uint8Array(rows)];
  const labels = new Uint8Array(rows);
  for (let row = 0; row < rows; row++) {
    const [a, b, noise] = columns.map(() => 1 + Math.floor(random.uniform() * 20));
    columns.forEach((column, index) => (column[row] = [a, b, noise][index] ?? 0));
    labels[row] = (a ?? 0) > 10 !== (b ?? 0) > 10 ? 1 : 0;
  }
  return { features: { bins: columns, rows }, labels };
}

function accuracy(probabilities: Float64Array, labels: Uint8Array): number {
  let correct = 0;
  probabilities.forEach((p, row) => {
    if (p >= 0.5 === (labels[row] === 1)) correct++;
  });
  return correct / labels.length;
}

describe('trainBoostedTrees', () => {
  const train = buildXor(3000, 1);
  const test = buildXor(1000, 2);

  it('learns an interaction no single split can, and generalises to new rows', () => {
    const model = trainBoostedTrees({ ...train, settings: { rounds: 30, maxDepth: 3 } });
    expect(accuracy(model.predict(test.features), test.labels)).toBeGreaterThan(0.97);
  });

  it('with stumps (depth 1) stays near chance on the same task', () => {
    const model = trainBoostedTrees({ ...train, settings: { rounds: 30, maxDepth: 1 } });
    expect(accuracy(model.predict(test.features), test.labels)).toBeLessThan(0.65);
  });

  it('gives probabilities in (0, 1), the same for the same data', () => {
    const first = trainBoostedTrees({ ...train, settings: { rounds: 10 } }).predict(test.features);
    const second = trainBoostedTrees({ ...train, settings: { rounds: 10 } }).predict(test.features);
    expect(second).toEqual(first);
    expect(first.every((p) => p > 0 && p < 1)).toBe(true);
  });

  it('predicts the base rate when one class only is seen', () => {
    const labels = new Uint8Array(train.labels.length).fill(1);
    const model = trainBoostedTrees({ features: train.features, labels });
    expect(model.predict(test.features).every((p) => p > 0.99)).toBe(true);
  });
});
