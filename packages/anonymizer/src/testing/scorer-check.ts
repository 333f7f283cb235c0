import { expect } from 'vitest';
import { createRandom } from '@app/engine-kit';
import { createDocumentContext, historyFeatures, tokenFeatures } from '../tagger/features.js';
import { getDefaultWeights } from '../tagger/model.js';
import { TAGS } from '../tagger/tags.js';
import { createTokenScorer } from '../tagger/token-scorer.js';
import { tokenize } from '../tokenize.js';

/** The fast scorer adds up, for every token of the text, the same weights as the named features. */
export function expectScorerMatchesNamedFeatures(text: string): void {
  const tokens = tokenize(text);
  const context = createDocumentContext(text, tokens);
  const weights = getDefaultWeights();
  const scoreToken = createTokenScorer(context, weights);
  const random = createRandom(3).uniform;
  const tags = tokens.map(() => Math.floor(random() * TAGS.length));
  tokens.forEach((_, index) => {
    const fast = new Float64Array(TAGS.length);
    scoreToken(fast, index, tags);
    const named = new Float64Array(TAGS.length);
    for (const feature of [
      ...tokenFeatures(context, index),
      ...historyFeatures(context, index, tags),
    ]) {
      const row = weights.row(feature);
      if (row < 0) continue;
      named.forEach((_, tag) => {
        named[tag] = (named[tag] ?? 0) + (weights.values[row + tag] ?? 0);
      });
    }
    named.forEach((value, tag) => {
      expect(fast[tag]).toBeCloseTo(value, 9);
    });
  });
}
