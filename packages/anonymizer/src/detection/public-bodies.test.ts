import { describe, expect, it } from 'vitest';
import { labelledTexts, spansAt } from '../testing/spans.js';
import type { Span } from '../types.js';
import { dropPublicBodies, findRespondentState } from './public-bodies.js';

function kept(text: string, found: [Span['label'], string][]): string[] {
  return labelledTexts(text, dropPublicBodies(text, spansAt(text, found))).map(
    ([, value]) => value,
  );
}

describe('dropPublicBodies', () => {
  it('leaves out organisations named by institution words alone, not those named after a place', () => {
    const text =
      'The Court of Cassation upheld the judgment of the Istanbul State Security Court; the Ministry of Justice, the 8th Chamber of the Supreme Administrative Court and Acme Ltd were informed.';
    expect(
      kept(text, [
        ['ORG', 'Court of Cassation'],
        ['ORG', 'Istanbul State Security Court'],
        ['ORG', 'Ministry of Justice'],
        ['ORG', '8th Chamber of the Supreme Administrative Court'],
        ['ORG', 'Acme Ltd'],
      ]),
    ).toEqual(['Istanbul State Security Court', 'Acme Ltd']);
  });

  it('leaves out an institution found as another kind, but keeps a country or a nationality', () => {
    const text = 'He appealed to the Board. He had lived in Italy and is Italian.';
    expect(
      kept(text, [
        ['DEM', 'Board'],
        ['LOC', 'Italy'],
        ['DEM', 'Italian'],
      ]),
    ).toEqual(['Italy', 'Italian']);
  });

  it('leaves out the respondent State of a judgment wherever it is named', () => {
    const text =
      'The case originated in an application against the Kingdom of Norway lodged with the Court. The Norwegian Government were represented by their Agent. The applicant lives in Oslo, Norway.';
    expect(
      kept(text, [
        ['LOC', 'Norway'],
        ['ORG', 'Norwegian Government'],
        ['LOC', 'Oslo'],
      ]),
    ).toEqual(['Oslo']);
  });
});

describe('findRespondentState', () => {
  it('names the State and its adjective', () => {
    const state = findRespondentState(
      'The case originated in an application (no. 36244/06) against the Republic of Turkey lodged with the Court under Article 34.',
    );
    expect(state).toEqual(new Set(['the', 'republic', 'of', 'turkey', 'turkish']));
    expect(
      findRespondentState(
        'An application against the United Kingdom of Great Britain and Northern Ireland lodged with the Court.',
      )?.has('british'),
    ).toBe(true);
  });

  it('finds nothing in a text that does not open like a judgment', () => {
    expect(findRespondentState('Dear Mr Smith, thank you for your letter.')).toBeUndefined();
  });
});
