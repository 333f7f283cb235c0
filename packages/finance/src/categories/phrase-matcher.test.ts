import { describe, expect, it } from 'vitest';
import { createPhraseMatcher } from './phrase-matcher.js';

function codes(text: string): Uint8Array {
  return Uint8Array.from(text, (character) => character.charCodeAt(0));
}

function findAll(patterns: string[], text: string): [string, number][] {
  const hits: number[] = [];
  createPhraseMatcher(patterns).collectMatches(codes(text), hits);
  const found: [string, number][] = [];
  for (let index = 0; index < hits.length; index += 2) {
    found.push([patterns[hits[index]!]!, hits[index + 1]!]);
  }
  return found;
}

describe('createPhraseMatcher', () => {
  it('finds every occurrence, overlapping and nested ones included, with its end', () => {
    expect(findAll(['HE', 'SHE', 'HERS', 'E'], 'USHERS')).toEqual([
      ['SHE', 3],
      ['HE', 3],
      ['E', 3],
      ['HERS', 5],
    ]);
  });

  it('finds whole-word patterns only where spaces surround them', () => {
    expect(findAll([' BAR '], ' BARRA LA BAR ')).toEqual([[' BAR ', 13]]);
  });

  it('finds a pattern again after a failed partial match', () => {
    expect(findAll(['AAB'], 'AAAAB')).toEqual([['AAB', 4]]);
  });

  it('restarts on a character outside its alphabet', () => {
    expect(findAll(['AB'], 'A-B AB')).toEqual([['AB', 5]]);
  });

  it('rejects empty patterns and characters outside space, A–Z and 0–9', () => {
    expect(() => createPhraseMatcher([''])).toThrow('Empty pattern');
    expect(() => createPhraseMatcher(['abc'])).toThrow('outside');
  });
});
