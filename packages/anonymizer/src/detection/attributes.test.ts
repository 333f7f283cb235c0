import { describe, expect, it } from 'vitest';
import { labelledTexts } from '../testing/spans.js';
import { findAttributes } from './attributes.js';

function found(text: string): [string, string][] {
  return labelledTexts(text, findAttributes(text));
}

describe('findAttributes', () => {
  it('finds what a person is or works as, with the words that make the occupation', () => {
    expect(found('The applicant, who is a lawyer, got married in 2005.')).toEqual([
      ['DEM', 'lawyer'],
    ]);
    expect(found('Until 1998 the applicant worked as a primary school teacher in Izmir.')).toEqual([
      ['DEM', 'primary school teacher'],
    ]);
    expect(
      found('The applicant, who is a retired non-commissioned officer, was born in 1959.'),
    ).toEqual([['DEM', 'retired non-commissioned officer']]);
    expect(found('In 1989 the applicant, a lorry driver, was involved in an accident.')).toEqual([
      ['DEM', 'lorry driver'],
    ]);
  });

  it('leaves a representative’s profession and words that are not occupations alone', () => {
    expect(
      found('He was represented by Mr A. Demetriades, a lawyer practising in Nicosia.'),
    ).toEqual([]);
    expect(found('The decision was a surprise to the court.')).toEqual([]);
  });

  it('finds a nationality stated as such', () => {
    expect(found('lodged with the Court by a Turkish national, Mr Ahmet Kılıç.')).toEqual([
      ['DEM', 'Turkish'],
    ]);
    expect(found('The applicants are two Greek Cypriot nationals who live in Nicosia.')).toEqual([
      ['DEM', 'Greek Cypriot'],
    ]);
  });

  it('finds a prison sentence but not a time-limit', () => {
    expect(found('The court sentenced him to three years and nine months’ imprisonment.')).toEqual([
      ['DATETIME', 'three years and nine months'],
    ]);
    expect(found('It imposed two years’ suspended imprisonment.')).toEqual([
      ['DATETIME', 'two years'],
    ]);
    expect(found('He had to appeal within three months of the decision.')).toEqual([]);
  });
});
