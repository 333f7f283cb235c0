import { describe, it } from 'vitest';
import { expectScorerMatchesNamedFeatures } from '../testing/scorer-check.js';
import { loadTabDocuments } from '../testing/tab.js';

describe('createTokenScorer on a court judgment of TAB', () => {
  it('adds up the same weights as the named features the tagger was trained on', () => {
    const [document] = loadTabDocuments('train');
    expectScorerMatchesNamedFeatures(document?.text ?? '');
  });
});
