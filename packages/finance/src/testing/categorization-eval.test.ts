import { describe, expect, it } from 'vitest';
import {
  evalSetExists,
  isTuningGroup,
  loadCategorizationEvalSet,
  measureAccuracy,
  parseAmountToCents,
  simulateCorrections,
} from './categorization-eval.js';

describe('parseAmountToCents', () => {
  it('reads signed decimal amounts as cents', () => {
    expect(parseAmountToCents('-90.00')).toBe(-9_000);
    expect(parseAmountToCents('22.85')).toBe(2_285);
    expect(parseAmountToCents('-0.4')).toBe(-40);
  });

  it('reads thousands separated by spaces and skips stray text before the amount', () => {
    expect(parseAmountToCents('-1 300.00')).toBe(-130_000);
    expect(parseAmountToCents('Bank -3.00')).toBe(-300);
    expect(parseAmountToCents('470010 -0.80')).toBe(-80);
  });

  it('reads a cell without a number as zero', () => {
    expect(parseAmountToCents('Bank')).toBe(0);
  });
});

describe('isTuningGroup', () => {
  it('puts a merchant group always on the same side, about 70 % of groups on the tuning side', () => {
    const groups = Array.from({ length: 2_000 }, (_, index) => `MERCHANT ${index}`);
    const tuning = groups.filter((group) => isTuningGroup('es', group)).length;
    expect(tuning / groups.length).toBeGreaterThan(0.65);
    expect(tuning / groups.length).toBeLessThan(0.75);
    expect(isTuningGroup('es', 'MERCADONA PROLONGACION')).toBe(
      isTuningGroup('es', 'MERCADONA PROLONGACION'),
    );
  });
});

// The real figures are printed by `npx tsx packages/finance/bench/categories.ts`; these floors
// sit well below them and only catch a broken categoriser.
describe.skipIf(!evalSetExists())('accuracy on the labelled development sets', () => {
  const rows = evalSetExists() ? loadCategorizationEvalSet() : [];

  it('reads the Spanish and English sets without own-account transfers and investments', () => {
    expect(rows.filter((row) => row.language === 'es').length).toBeGreaterThan(9_000);
    expect(rows.filter((row) => row.language === 'en').length).toBeGreaterThan(300);
    expect(rows.every((row) => row.parent !== '')).toBe(true);
  });

  it('gets most held-out parents right from day one, in Spanish and in English', () => {
    const { accuracy } = measureAccuracy(rows);
    const heldOut = (language: string): number =>
      accuracy.find((row) => row.language === language && row.split === 'held-out')?.accuracy ?? 0;
    expect(heldOut('es')).toBeGreaterThan(0.81);
    expect(heldOut('en')).toBeGreaterThan(0.81);
  });

  it('does better once a team corrects its mistakes as it goes', () => {
    const dayOne = measureAccuracy(rows).accuracy.find(
      (row) => row.language === 'all' && row.split === 'whole',
    );
    const corrected = simulateCorrections(rows).accuracy.find(
      (row) => row.language === 'all' && row.split === 'whole',
    );
    expect(corrected?.accuracy).toBeGreaterThan((dayOne?.accuracy ?? 1) + 0.05);
  });
});
