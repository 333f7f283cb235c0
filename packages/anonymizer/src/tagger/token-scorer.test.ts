import { readFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import { expectScorerMatchesNamedFeatures } from '../testing/scorer-check.js';

const FIXTURES = ['tribunal-judgment.txt', 'contract-and-letter.txt', 'us-opinion.txt'];

describe('createTokenScorer', () => {
  it('adds up the same weights as the named features the tagger was trained on', () => {
    // Several documents in one text, long enough for the scorer's caches to grow.
    const text = FIXTURES.map((name) =>
      readFileSync(new URL(`../testing/fixtures/${name}`, import.meta.url), 'utf8'),
    ).join('\n\n');
    expectScorerMatchesNamedFeatures(text);
  });
});
