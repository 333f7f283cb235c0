import { describe, expect, it } from 'vitest';
import { fitMarginal } from './marginals.js';
import { createRandom } from '@app/engine-kit';

const random = createRandom(9);

function draw(count: number, next: () => number): Float64Array {
  return Float64Array.from({ length: count }, next);
}

describe('fitMarginal', () => {
  it('picks the normal family for normal data and the uniform family for uniform data', () => {
    const normal = fitMarginal({
      values: draw(5000, () => 10 + 3 * random.normal()),
      mode: 'auto',
      maxKsDistance: 0.03,
    });
    const uniform = fitMarginal({
      values: draw(5000, () => 4 + 2 * random.uniform()),
      mode: 'auto',
      maxKsDistance: 0.03,
    });
    expect(['normal', 'truncated-normal']).toContain(normal.name);
    expect(uniform.name).toBe('uniform');
  });

  it('picks the beta family for skewed bounded data', () => {
    const values = draw(5000, () => {
      const a = random.uniform();
      return Math.min(a, random.uniform(), random.uniform()) * 100;
    });
    expect(fitMarginal({ values, mode: 'auto', maxKsDistance: 0.03 }).name).toBe('beta');
  });

  it('falls back to the empirical distribution when no family fits', () => {
    const values = draw(5000, () => (random.uniform() < 0.8 ? 0 : 1000 + random.uniform() * 10));
    expect(fitMarginal({ values, mode: 'auto', maxKsDistance: 0.03 }).name).toBe('empirical');
  });

  it('maps probabilities back into the observed range, and probabilities of values into (0, 1)', () => {
    const values = draw(2000, () => random.normal());
    for (const mode of ['auto', 'empirical'] as const) {
      const marginal = fitMarginal({ values, mode, maxKsDistance: 0.05 });
      const min = Math.min(...values);
      const max = Math.max(...values);
      for (const probability of [0, 1e-9, 0.3, 0.999999, 1]) {
        const value = marginal.fromProbability(probability);
        expect(value).toBeGreaterThanOrEqual(min);
        expect(value).toBeLessThanOrEqual(max);
      }
      const median = marginal.toProbability(marginal.fromProbability(0.5), random);
      expect(Math.abs(median - 0.5)).toBeLessThan(0.02);
    }
  });
});
