import { describe, expect, it } from 'vitest';
import { categorizeByRules, combineWithModel, createCategorizer } from './categorizer.js';
import { createCategoryModel, readModelFeatures, trainCategoryModel } from './learned-model.js';
import { normalizeDescription } from './normalize-description.js';
import { CATEGORY_TAXONOMY } from './taxonomy.js';

const PARENTS = CATEGORY_TAXONOMY.map((parent) => parent.key);

// Written for these tests: made-up texts whose words no keyword rule knows.
const ROWS: [description: string, amount: number, parent: string][] = [
  ['PAGO ZORVEX CUOTA FAMILIAR', -20_000, 'family'],
  ['PAGO ZORVEX CUOTA MENSUAL', -20_000, 'family'],
  ['ZORVEX CUOTA', -15_000, 'family'],
  ['KLIMPA ABONO VARIOS', 9_000, 'income'],
  ['KLIMPA ABONO', 4_000, 'income'],
  ['PAGO BRUNTEK SERVICIOS', -8_000, 'business'],
  ['BRUNTEK SERVICIOS MES', -8_000, 'business'],
];

function train() {
  return trainCategoryModel(
    ROWS.map(([description, amount, parent]) => ({
      features: readModelFeatures(normalizeDescription(description)),
      direction: amount > 0 ? 'in' : 'out',
      parent,
    })),
    { parents: PARENTS, alpha: 0.5, minRows: 1 },
  );
}

describe('the learned categorisation model', () => {
  it('reads words, word pairs and word triples, leaving out numbers', () => {
    expect(readModelFeatures(normalizeDescription('Pago 1234 Zorvex, cuota'))).toEqual([
      'w PAGO',
      'b PAGO ZORVEX',
      't PAGO ZORVEX CUOTA',
      'w ZORVEX',
      'b ZORVEX CUOTA',
      'w CUOTA',
    ]);
  });

  it('names the parent whose words a description shares, with a probability', () => {
    const model = createCategoryModel(train());
    const features = readModelFeatures(normalizeDescription('ZORVEX CUOTA ABRIL'));
    const guess = model.guess(features, 'out');
    expect(guess?.parent).toBe('family');
    expect(guess?.probability).toBeGreaterThan(0.5);
    expect(guess?.probability).toBeLessThanOrEqual(1);
    expect(model.guess(readModelFeatures(normalizeDescription('QWXYZ')), 'out')).toBeUndefined();
  });

  it('keeps only features seen in enough rows', () => {
    const data = trainCategoryModel(
      ROWS.map(([description, amount, parent]) => ({
        features: readModelFeatures(normalizeDescription(description)),
        direction: amount > 0 ? 'in' : 'out',
        parent,
      })),
      { parents: PARENTS, alpha: 0.5, minRows: 2 },
    );
    expect(Object.keys(data.counts)).toContain('w ZORVEX');
    expect(Object.keys(data.counts)).not.toContain('b CUOTA FAMILIAR');
  });

  it('answers where no rule does, and leaves a named merchant to the rules', () => {
    const categorizer = createCategorizer({ model: createCategoryModel(train()) });
    const unknown = categorizer.categorize({ description: 'ZORVEX CUOTA', amount: -9_000 });
    expect(unknown).toMatchObject({ parent: 'Family', source: 'model' });
    expect(unknown.confidence).toBeLessThan(0.85);
    expect(
      categorizer.categorize({ description: 'MERCADONA ZORVEX', amount: -9_000 }),
    ).toMatchObject({ parent: 'Food Dining', source: 'keyword' });
    const withoutModel = createCategorizer({ model: null });
    expect(withoutModel.categorize({ description: 'ZORVEX CUOTA', amount: -9_000 }).source).toBe(
      'default',
    );
  });

  it('overrules a rule only past the bar of its tier', () => {
    const answer = categorizeByRules({ description: 'ANA MARIA LOPEZ RUIZ', amount: 2_000 });
    expect(answer.tier).toBe('weak');
    const guess = { parent: 'family', probability: 0.7 };
    const thresholds = { weak: 0.6, keyword: 2, strong: 2 };
    expect(combineWithModel(answer, guess, { thresholds, confidence: 0.3 })).toMatchObject({
      parent: 'Family',
      source: 'model',
      confidence: 0.3,
    });
    expect(
      combineWithModel(answer, guess, { thresholds: { ...thresholds, weak: 0.8 }, confidence: 0.3 })
        .source,
    ).toBe('keyword');
  });
});
