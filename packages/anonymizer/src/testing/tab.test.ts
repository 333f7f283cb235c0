import { describe, expect, it } from 'vitest';
import {
  documentAnnotator,
  scoreDocument,
  sumScores,
  weightCounts,
  type TabDocument,
} from './tab.js';

const TEXT = 'Mr John Smith was born in 1960 in Oslo. Smith is Norwegian.';
const at = (mention: string, from = 0) => {
  const start = TEXT.indexOf(mention, from);
  return { start, end: start + mention.length };
};
const mention = (options: {
  text: string;
  from?: number;
  needsMasking: boolean;
  isDirect: boolean;
}) => ({
  ...at(options.text, options.from),
  entityType: 'X',
  needsMasking: options.needsMasking,
  isDirect: options.isDirect,
});
const DOCUMENT: TabDocument = {
  id: 'd',
  text: TEXT,
  entities: [
    {
      id: 'person',
      annotator: 'a',
      entityType: 'PERSON',
      isDirect: true,
      needsMasking: true,
      mentions: [
        mention({ text: 'Mr John Smith', needsMasking: true, isDirect: true }),
        mention({ text: 'Smith', from: 20, needsMasking: true, isDirect: true }),
      ],
    },
    {
      id: 'year',
      annotator: 'a',
      entityType: 'DATETIME',
      isDirect: false,
      needsMasking: true,
      mentions: [mention({ text: '1960', needsMasking: true, isDirect: false })],
    },
    {
      id: 'place',
      annotator: 'a',
      entityType: 'LOC',
      isDirect: false,
      needsMasking: true,
      mentions: [
        mention({ text: 'Oslo', needsMasking: true, isDirect: false }),
        mention({ text: 'Norwegian', needsMasking: false, isDirect: false }),
      ],
    },
  ],
};

describe('scoreDocument (TAB metrics)', () => {
  it('counts an entity only when all its mentions that need masking are masked', () => {
    const onlyFirst = scoreDocument(DOCUMENT, [at('John Smith')]);
    expect(onlyFirst).toMatchObject({ directEntities: 1, directMasked: 0 });
    const both = scoreDocument(DOCUMENT, [at('John Smith'), at('Smith', 20)]);
    expect(both).toMatchObject({ directEntities: 1, directMasked: 1 });
  });

  it('ignores titles and punctuation in a mention, and mentions marked NO_MASK', () => {
    const counts = scoreDocument(DOCUMENT, [
      at('John Smith'),
      at('Smith', 20),
      at('1960'),
      at('Oslo'),
    ]);
    expect(counts).toMatchObject({
      quasiEntities: 2,
      quasiMasked: 2,
      maskedTokens: 5,
      correctTokens: 5,
    });
  });

  it('counts precision over the masked word tokens an annotator also masked', () => {
    const counts = scoreDocument(DOCUMENT, [at('was born in'), at('Oslo')]);
    expect(counts).toMatchObject({ maskedTokens: 4, correctTokens: 1 });
    expect(sumScores([counts]).precision).toBe(0.25);
  });
});

describe('weighting by annotator', () => {
  it('names the annotator who marked a document', () => {
    expect(documentAnnotator(DOCUMENT)).toBe('a');
    expect(documentAnnotator({ ...DOCUMENT, entities: [] })).toBe('none');
  });

  it('weights each document’s counts, so a small sample stands for its share of a mix', () => {
    const wellMasked = scoreDocument(DOCUMENT, [at('Mr John Smith'), at('Smith', 20)]);
    const overMasked = scoreDocument(DOCUMENT, [at('was born in'), at('Oslo')]);
    // Four right tokens of four, and one of four standing for three documents: (4 + 3)/(4 + 12).
    const mix = sumScores([weightCounts(wellMasked, 1), weightCounts(overMasked, 3)]);
    expect(mix.precision).toBeCloseTo(7 / 16);
    // Weight 0: the over-masked document no longer counts.
    expect(sumScores([weightCounts(overMasked, 0), wellMasked]).precision).toBe(1);
  });
});
