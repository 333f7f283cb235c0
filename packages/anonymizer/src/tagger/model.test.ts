import { describe, expect, it } from 'vitest';
import { createFeatureWeights, splitPair } from './model.js';
import { TAGS } from './tags.js';

describe('splitPair', () => {
  it('splits the value of a two-part feature, "|" being a token of its own', () => {
    expect(splitPair('mr|smith')).toEqual(['mr', 'smith']);
    expect(splitPair('||smith')).toEqual(['|', 'smith']);
    expect(splitPair('mr||')).toEqual(['mr', '|']);
    expect(splitPair('|||')).toEqual(['|', '|']);
  });

  it('refuses values of one or three parts', () => {
    expect(splitPair('smith')).toBeUndefined();
    expect(splitPair('Xx|x|d')).toBeUndefined();
    expect(splitPair('||x|d')).toBeUndefined();
  });
});

describe('createFeatureWeights', () => {
  const weights = createFeatureWeights({
    version: 1,
    scale: 10,
    tags: [...TAGS],
    weights: { 'w=smith': [1, 25], 'pw|w=||smith': [0, -10, 2, 5] },
  });

  it('finds a feature’s weights by its name', () => {
    const row = weights.row('w=smith');
    expect(weights.values[row + 1]).toBe(2.5);
    expect(weights.row('w=jones')).toBe(-1);
  });

  it('finds a two-part feature by the numbers of its parts', () => {
    const row = weights.pairs('pw|w').get(weights.partId('|'), weights.partId('smith'));
    expect(row).toBe(weights.row('pw|w=||smith'));
    expect(weights.values[row]).toBe(-1);
    expect(weights.values[row + 2]).toBe(0.5);
    expect(weights.pairs('w|nw').get(0, 0)).toBe(-1);
  });
});
