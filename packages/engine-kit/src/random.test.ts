import { describe, expect, it } from 'vitest';
import { createRandom, sampleIndices } from './random.js';

describe('createRandom', () => {
  it('draws the same sequence from the same seed, and another from another seed', () => {
    const draw = (seed: number) => {
      const random = createRandom(seed);
      return Array.from({ length: 50 }, () => [random.uniform(), random.normal()]);
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(8)).not.toEqual(draw(7));
  });

  it('keeps the mulberry32 sequence, so a seed given to an engine before still gives its output', () => {
    const random = createRandom(42);
    expect([random.uniform(), random.uniform(), random.uniform()]).toEqual([
      0.6011037519201636, 0.44829055899754167, 0.8524657934904099,
    ]);
  });

  it('draws uniforms in [0, 1) and standard normals', () => {
    const random = createRandom(1);
    const uniforms = Array.from({ length: 20_000 }, () => random.uniform());
    expect(Math.min(...uniforms)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...uniforms)).toBeLessThan(1);
    const normals = Array.from({ length: 20_000 }, () => random.normal());
    const mean = normals.reduce((sum, value) => sum + value, 0) / normals.length;
    const variance = normals.reduce((sum, value) => sum + (value - mean) ** 2, 0) / normals.length;
    expect(Math.abs(mean)).toBeLessThan(0.05);
    expect(Math.abs(variance - 1)).toBeLessThan(0.05);
  });
});

describe('sampleIndices', () => {
  it('draws distinct indices of the range, at most as many as there are', () => {
    const random = createRandom(3);
    const sample = sampleIndices({ length: 100, size: 30, random });
    expect(new Set(sample).size).toBe(30);
    expect(sample.every((index) => index >= 0 && index < 100)).toBe(true);
    expect(sampleIndices({ length: 4, size: 10, random }).sort()).toEqual([0, 1, 2, 3]);
  });
});
