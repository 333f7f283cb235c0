import { describe, expect, it } from 'vitest';
import { labelledTexts, spansAt } from '../testing/spans.js';
import { harmonizePeople } from './people.js';

describe('harmonizePeople', () => {
  it('labels a name ending in the surname of someone with a title as the person’s', () => {
    const text = 'JANE ROE v. MEGACORP. Plaintiff Jane Roe sued; Ms. Roe won. Roe Street is far.';
    const spans = spansAt(text, [
      ['CODE', 'JANE'],
      ['ORG', 'ROE'],
      ['ORG', 'MEGACORP'],
      ['ORG', 'Jane Roe'],
      ['PERSON', 'Ms. Roe'],
      ['LOC', 'Roe Street'],
    ]);
    expect(labelledTexts(text, harmonizePeople(text, spans))).toEqual([
      ['PERSON', 'JANE ROE'],
      ['ORG', 'MEGACORP'],
      ['PERSON', 'Jane Roe'],
      ['PERSON', 'Ms. Roe'],
      ['LOC', 'Roe Street'],
    ]);
  });

  it('changes nothing when no one is named with a title', () => {
    const text = 'Jane Roe met Acme.';
    const spans = spansAt(text, [
      ['ORG', 'Jane Roe'],
      ['ORG', 'Acme'],
    ]);
    expect(harmonizePeople(text, spans)).toEqual(spans);
  });

  it('leaves an organisation named after the person alone', () => {
    const text = 'Mr Roe founded Roe Bank and Roe Holdings Ltd.';
    const spans = spansAt(text, [
      ['PERSON', 'Mr Roe'],
      ['ORG', 'Roe Bank'],
      ['ORG', 'Roe Holdings Ltd'],
    ]);
    expect(labelledTexts(text, harmonizePeople(text, spans))).toEqual([
      ['PERSON', 'Mr Roe'],
      ['ORG', 'Roe Bank'],
      ['ORG', 'Roe Holdings Ltd'],
    ]);
  });
});
