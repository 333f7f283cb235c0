import { describe, expect, it } from 'vitest';
import { createRandom } from '../random.js';
import { loadTabDocuments } from '../testing/tab.js';
import { tokenize } from '../tokenize.js';
import { createDocumentContext, historyFeatures, tokenFeatures } from './features.js';
import { getDefaultWeights } from './model.js';
import { TAGS } from './tags.js';
import { createTokenScorer } from './token-scorer.js';

describe('createTokenScorer', () => {
  it('adds up the same weights as the named features the tagger was trained on', () => {
    // A whole document, long enough for the scorer's caches to grow.
    const [document] = loadTabDocuments('train');
    const text = document?.text ?? '';
    const tokens = tokenize(text);
    const context = createDocumentContext(text, tokens);
    const weights = getDefaultWeights();
    const scoreToken = createTokenScorer(context, weights);
    const random = createRandom(3);
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
  });
});
