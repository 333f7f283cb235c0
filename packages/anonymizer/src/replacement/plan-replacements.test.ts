import { describe, expect, it } from 'vitest';
import { isValidCardNumber, isValidIban } from '../detection/checksums.js';
import type { Span } from '../types.js';
import { applyReplacements, DEFAULT_MASK, planReplacements } from './plan-replacements.js';
import { FEMALE_FIRST_NAMES, MALE_FIRST_NAMES } from './surrogates.js';

const TEXT = 'John Smith met Mary Jones. Mr Smith paid; Jones and J. Smith left. Smith & Co sued.';

function spansOf(text: string, mentions: [string, Span['label']][]): Span[] {
  let from = 0;
  return mentions.map(([mention, label]) => {
    const start = text.indexOf(mention, from);
    from = start + mention.length;
    return { start, end: start + mention.length, label, confidence: 0.9 };
  });
}

const SPANS = spansOf(TEXT, [
  ['John Smith', 'PERSON'],
  ['Mary Jones', 'PERSON'],
  ['Mr Smith', 'PERSON'],
  ['Jones', 'PERSON'],
  ['J. Smith', 'PERSON'],
  ['Smith & Co', 'ORG'],
]);

describe('planReplacements', () => {
  it('numbers placeholders per label in order of first mention, the same for every variant', () => {
    const replacements = planReplacements({ text: TEXT, spans: SPANS });
    expect(applyReplacements(TEXT, replacements)).toBe(
      '[PERSON_1] met [PERSON_2]. [PERSON_1] paid; [PERSON_2] and [PERSON_1] left. [ORG_1] sued.',
    );
  });

  it('treats equal text as one entity, ignoring case', () => {
    const text = 'MADRID and Madrid, then Paris.';
    const spans = spansOf(text, [
      ['MADRID', 'LOC'],
      ['Madrid', 'LOC'],
      ['Paris', 'LOC'],
    ]);
    expect(applyReplacements(text, planReplacements({ text, spans }))).toBe(
      '[LOC_1] and [LOC_1], then [LOC_2].',
    );
  });

  it('puts one fixed mask everywhere in the mask style', () => {
    const masked = applyReplacements(
      TEXT,
      planReplacements({ text: TEXT, spans: SPANS, replacement: { style: 'mask' } }),
    );
    expect(masked).toBe(
      `${DEFAULT_MASK} met ${DEFAULT_MASK}. ${DEFAULT_MASK} paid; ${DEFAULT_MASK} and ${DEFAULT_MASK} left. ${DEFAULT_MASK} sued.`,
    );
    const custom = planReplacements({
      text: TEXT,
      spans: SPANS,
      replacement: { style: 'mask', mask: '***' },
    });
    expect(new Set(custom.map((item) => item.replacement))).toEqual(new Set(['***']));
  });

  it('gives surrogates that are consistent per person, keep the title and follow the seed', () => {
    const plan = (seed: number) =>
      planReplacements({ text: TEXT, spans: SPANS, replacement: { style: 'surrogate', seed } });
    const [john, mary, mrSmith, jones, initials] = plan(5).map((item) => item.replacement);
    const [firstName = '', surname = ''] = john?.split(' ') ?? [];
    expect(firstName).not.toBe('John');
    expect(mrSmith).toBe(`Mr ${surname}`);
    expect(initials).toBe(john);
    expect(mary?.endsWith(jones ?? '?')).toBe(true);
    expect(plan(5)).toEqual(plan(5));
    expect(plan(6).map((item) => item.replacement)).not.toEqual(
      plan(5).map((item) => item.replacement),
    );
  });

  it('gives a first name of the gender the title says', () => {
    const text = 'Ms Priya Sharma met Mr Tom Baker.';
    const spans = spansOf(text, [
      ['Ms Priya Sharma', 'PERSON'],
      ['Mr Tom Baker', 'PERSON'],
    ]);
    for (let seed = 1; seed <= 20; seed++) {
      const [woman, man] = planReplacements({
        text,
        spans,
        replacement: { style: 'surrogate', seed },
      }).map((item) => item.replacement.split(' ')[1]);
      expect(FEMALE_FIRST_NAMES).toContain(woman);
      expect(MALE_FIRST_NAMES).toContain(man);
    }
  });

  it('moves every date of a text by one shift, so their order and distance stay', () => {
    const text = 'Employed from 14/02/2015 until 30 September 2022; dismissed on 2 October 2022.';
    const spans = spansOf(text, [
      ['14/02/2015', 'DATETIME'],
      ['30 September 2022', 'DATETIME'],
      ['2 October 2022', 'DATETIME'],
    ]);
    const [start, end, dismissal] = planReplacements({
      text,
      spans,
      replacement: { style: 'surrogate', seed: 3 },
    }).map((item) => item.replacement);
    // Days since 1970 of "dd/mm/yyyy" or "d Month yyyy".
    const day = (value = '') => {
      const numeric = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
      const time = numeric
        ? Date.UTC(Number(numeric[3]), Number(numeric[2]) - 1, Number(numeric[1]))
        : Date.parse(`${value} UTC`);
      return time / 86_400_000;
    };
    expect(start).not.toBe('14/02/2015');
    expect(start).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(day(end) - day(start)).toBe(day('30 September 2022') - day('14/02/2015'));
    expect(day(dismissal) - day(end)).toBe(2);
  });

  it('keeps a phone number’s country code or national prefix', () => {
    const text = 'Call +44 20 7946 0958 or 0113 496 0123.';
    const spans = spansOf(text, [
      ['+44 20 7946 0958', 'PHONE'],
      ['0113 496 0123', 'PHONE'],
    ]);
    const [international, national] = planReplacements({
      text,
      spans,
      replacement: { style: 'surrogate', seed: 4 },
    }).map((item) => item.replacement);
    expect(international).toMatch(/^\+44 \d\d \d{4} \d{4}$/);
    expect(international).not.toBe('+44 20 7946 0958');
    expect(national).toMatch(/^0\d{3} \d{3} \d{4}$/);
  });

  it('makes IBAN and card surrogates that pass their checksums and keep their layout', () => {
    const text = 'Pay ES91 2100 0418 4502 0005 1332 by card 4111 1111 1111 1111.';
    const spans = spansOf(text, [
      ['ES91 2100 0418 4502 0005 1332', 'IBAN'],
      ['4111 1111 1111 1111', 'CARD_NUMBER'],
    ]);
    const [iban, card] = planReplacements({
      text,
      spans,
      replacement: { style: 'surrogate', seed: 9 },
    });
    expect(iban?.replacement).toMatch(/^ES\d\d( \d{4}){5}$/);
    expect(isValidIban(iban?.replacement ?? '')).toBe(true);
    expect(iban?.replacement).not.toBe('ES91 2100 0418 4502 0005 1332');
    expect(card?.replacement).toMatch(/^\d{4}( \d{4}){3}$/);
    expect(isValidCardNumber(card?.replacement ?? '')).toBe(true);
  });

  it('keeps the placeholder for attributes that have no realistic surrogate', () => {
    const text = 'A Sami reindeer herder.';
    const spans = spansOf(text, [['Sami reindeer herder', 'DEM']]);
    const [replacement] = planReplacements({ text, spans, replacement: { style: 'surrogate' } });
    expect(replacement?.replacement).toBe('[DEM_1]');
  });
});
