import { describe, expect, it } from 'vitest';
import { clusterFeatures, getWordClusters, parseWordClusters } from './word-clusters.js';

describe('word clusters', () => {
  it('names a word’s group at each level of the tree, coarsest first', () => {
    const clusters = parseWordClusters('0\tthe of\n197\tplumber electrician\n');
    expect(clusterFeatures(clusters, 'plumber')).toEqual(['c64=12', 'c256=49', 'c1024=197']);
    expect(clusterFeatures(clusters, 'the')).toEqual(['c64=0', 'c256=0', 'c1024=0']);
  });

  it('says so of a word it does not know', () => {
    expect(clusterFeatures(parseWordClusters(''), 'kılıç')).toEqual(['c=none']);
  });

  it('ships clusters that put words of one kind together', () => {
    const clusters = getWordClusters();
    const leaf = (word: string) => clusterFeatures(clusters, word).at(-1);
    expect(leaf('electrician')).toBe(leaf('plumber'));
    expect(leaf('schizophrenia')).toBe(leaf('asthma'));
    expect(leaf('electrician')).not.toBe(leaf('asthma'));
  });
});
