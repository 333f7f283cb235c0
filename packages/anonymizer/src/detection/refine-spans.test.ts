import { describe, expect, it } from 'vitest';
import { labelledTexts, spansAt } from '../testing/spans.js';
import type { Span } from '../types.js';
import {
  dropUnhiddenTranslations,
  refineSpans,
  splitAtLinesAndFields,
  splitAtSentenceEnds,
  trimPunctuation,
} from './refine-spans.js';

function refined(text: string, found: [Span['label'], string][]): [string, string][] {
  return labelledTexts(text, refineSpans(text, spansAt(text, found)));
}

describe('refineSpans', () => {
  it('takes the dates of a list one by one', () => {
    const text = 'Hearings were held on 10 May, on 7 July and on 26 September 1994.';
    expect(refined(text, [['DATETIME', '10 May, on 7 July and on 26 September 1994']])).toEqual([
      ['DATETIME', '10 May'],
      ['DATETIME', '7 July'],
      ['DATETIME', '26 September 1994'],
    ]);
  });

  it('keeps an American date whole', () => {
    const text =
      'Dismissed on March 3, 2021, hired on June 1, 2018 or July 4, 2019, in 1994, 1995.';
    expect(
      refined(text, [
        ['DATETIME', 'March 3, 2021'],
        ['DATETIME', 'June 1, 2018 or July 4, 2019'],
        ['DATETIME', '1994, 1995'],
      ]),
    ).toEqual([
      ['DATETIME', 'March 3, 2021'],
      ['DATETIME', 'June 1, 2018'],
      ['DATETIME', 'July 4, 2019'],
      ['DATETIME', '1994'],
      ['DATETIME', '1995'],
    ]);
  });

  it('drops small words before a finding', () => {
    const text = 'It happened between 1 May 2001 and later.';
    expect(refined(text, [['DATETIME', 'between 1 May 2001']])).toEqual([
      ['DATETIME', '1 May 2001'],
    ]);
  });

  it('takes a place that begins an institution’s name as the institution', () => {
    const text = 'On 5 June 1995 the Izmir State Security Court convicted him.';
    expect(refined(text, [['LOC', 'Izmir']])).toEqual([['ORG', 'Izmir State Security Court']]);
  });

  it('leaves out references to parts of a document', () => {
    const text = 'As provided in Annex A and Article 6 § 1, Mr Brown paid.';
    expect(
      refined(text, [
        ['MISC', 'Annex A'],
        ['CODE', 'Article 6 § 1'],
        ['PERSON', 'Mr Brown'],
      ]),
    ).toEqual([['PERSON', 'Mr Brown']]);
  });

  it('leaves out the date of a law but not a date in a law’s sentence about a person', () => {
    const text =
      'Under section 291 of the Insolvency Act 1986 and Law no. 5190 of 16 June 2004, the 1998 Act applied to him from 3 May 2005.';
    expect(
      refined(text, [
        ['DATETIME', '1986'],
        ['DATETIME', '16 June 2004'],
        ['DATETIME', '1998'],
        ['DATETIME', '3 May 2005'],
      ]),
    ).toEqual([['DATETIME', '3 May 2005']]);
  });

  it('leaves out a name without a capital letter or a digit', () => {
    const text = 'He moved to the locality known as Roukania.';
    expect(
      refined(text, [
        ['LOC', 'locality'],
        ['LOC', 'Roukania'],
      ]),
    ).toEqual([['LOC', 'Roukania']]);
  });

  it('drops small words after a finding, but not a capital letter', () => {
    const text = 'Acme Trading Ltd in Madrid; Block A of the estate.';
    expect(
      refined(text, [
        ['ORG', 'Acme Trading Ltd in'],
        ['LOC', 'Block A'],
      ]),
    ).toEqual([
      ['ORG', 'Acme Trading Ltd'],
      ['LOC', 'Block A'],
    ]);
  });

  it('leaves out the number of a paragraph or list item, not a number in its sentence', () => {
    const text = '2. Paid on time.\n3. On 2 May he paid 3 times.\n  4) Done.';
    expect(
      refined(text, [
        ['QUANTITY', '3'],
        ['QUANTITY', '3 times'],
        ['QUANTITY', '4'],
      ]),
    ).toEqual([['QUANTITY', '3 times']]);
  });

  it('leaves out the dates every judgment of the Court repeats, and only those', () => {
    const text =
      'The application was transmitted to the Court on 1 November 1998, when Protocol No. 11 to the Convention came into force. The applicant moved on 1 November 1998.';
    const second = text.lastIndexOf('1 November 1998');
    const spans: Span[] = [text.indexOf('1 November 1998'), second].map((start) => ({
      start,
      end: start + '1 November 1998'.length,
      label: 'DATETIME',
      confidence: 0.9,
    }));
    expect(refineSpans(text, spans).map((span) => span.start)).toEqual([second]);
  });
});

describe('trimPunctuation', () => {
  const trimmed = (text: string) => {
    const span = trimPunctuation(text, {
      start: 0,
      end: text.length,
      label: 'PERSON',
      confidence: 0.9,
    });
    return span && text.slice(span.start, span.end);
  };

  it('drops separators, a sentence’s full stop and unpaired brackets or quotes', () => {
    expect(trimmed(', Madrid')).toBe('Madrid');
    expect(trimmed('Smith &')).toBe('Smith');
    expect(trimmed('Kılıç.')).toBe('Kılıç');
    expect(trimmed('Sąd Okręgowy)')).toBe('Sąd Okręgowy');
    expect(trimmed('<Annex A>.')).toBe('Annex A');
    expect(trimmed('“Domgos”')).toBe('Domgos');
  });

  it('keeps an initial’s or an abbreviation’s full stop and brackets the span closes', () => {
    expect(trimmed('Mr J.')).toBe('Mr J.');
    expect(trimmed('Acme Co.')).toBe('Acme Co.');
    expect(trimmed('People’s Labour Party (HEP)')).toBe('People’s Labour Party (HEP)');
  });

  it('leaves nothing of punctuation alone', () => {
    expect(trimmed(' ., ')).toBeUndefined();
  });
});

describe('splitAtSentenceEnds', () => {
  it('splits where a sentence ends, not after an initial or a title', () => {
    const text = 'Later Smith wrote to López-García. J. Smith and Mr. Brown signed.';
    const [span] = spansAt(text, [['PERSON', 'López-García. J. Smith and Mr. Brown']]);
    if (!span) throw new Error('The span is in the text.');
    expect(labelledTexts(text, splitAtSentenceEnds(text, span))).toEqual([
      ['PERSON', 'López-García'],
      ['PERSON', 'J. Smith and Mr. Brown'],
    ]);
  });
});

describe('dropUnhiddenTranslations', () => {
  it('hides a name’s translation in brackets only when the name is hidden', () => {
    const text =
      'The Warsaw Court of Appeal (Sąd Apelacyjny) and the Supreme Court (Sąd Najwyższy) ruled; the Party (HEP) too.';
    const spans = spansAt(text, [
      ['ORG', 'Warsaw Court of Appeal'],
      ['ORG', 'Sąd Apelacyjny'],
      ['ORG', 'Sąd Najwyższy'],
      ['ORG', 'HEP'],
    ]);
    expect(labelledTexts(text, dropUnhiddenTranslations(text, spans))).toEqual([
      ['ORG', 'Warsaw Court of Appeal'],
      ['ORG', 'Sąd Apelacyjny'],
    ]);
  });
});

describe('splitAtLinesAndFields', () => {
  it('splits a span at its line breaks and after a field’s colon', () => {
    const text = 'Emily Watson\nWatson & Partners LLP\nRespondent: Acme Ltd';
    const [span] = spansAt(text, [['PERSON', text]]);
    expect(span && labelledTexts(text, splitAtLinesAndFields(text, span))).toEqual([
      ['PERSON', 'Emily Watson'],
      ['PERSON', 'Watson & Partners LLP'],
      ['PERSON', 'Respondent'],
      ['PERSON', 'Acme Ltd'],
    ]);
  });

  it('keeps a time’s colon', () => {
    const text = 'at 18:45 hours';
    const [span] = spansAt(text, [['DATETIME', '18:45']]);
    expect(span && labelledTexts(text, splitAtLinesAndFields(text, span))).toEqual([
      ['DATETIME', '18:45'],
    ]);
  });
});
