import { describe, expect, it } from 'vitest';
import { isTuningGroup, parseAmountToCents } from './categorization-eval.js';

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
