import { describe, expect, it } from 'vitest';
import { wordFeatures } from './features.js';

const clusters = (word: string): string[] =>
  wordFeatures(word, 0).filter((feature) => feature.startsWith('c'));

describe('wordFeatures', () => {
  it('gives a word its groups among frequent English words, whatever its case', () => {
    expect(clusters('Electrician')).toHaveLength(3);
    expect(clusters('Electrician')).toEqual(clusters('plumber'));
  });

  it('marks a word the groups do not know, as a name often is', () => {
    expect(clusters('Kılıçdaroğlu')).toEqual(['c=none']);
  });
});
