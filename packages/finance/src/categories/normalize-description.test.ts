import { describe, expect, it } from 'vitest';
import {
  WORD_END,
  WORD_START,
  decodeText as text,
  normalizeDescription,
  readWords,
} from './normalize-description.js';

describe('normalizeDescription', () => {
  it('upper-cases, removes accents and keeps single spaces with one at each end', () => {
    const result = normalizeDescription('  Recibo   Cañería  Señor Müller, Nº 12 ');
    expect(text(result.spaced)).toBe(' RECIBO CANERIA SENOR MULLER N 12 ');
    expect(text(result.squashed)).toBe('RECIBOCANERIASENORMULLERN12');
  });

  it('joins words around apostrophes and ampersands, splits on other punctuation', () => {
    expect(readWords(normalizeDescription("McDonald's PULL&BEAR Apple.com/bill"))).toEqual([
      'MCDONALDS',
      'PULLBEAR',
      'APPLE',
      'COM',
      'BILL',
    ]);
  });

  it('marks word edges at spaces, letter–digit changes and lower-to-upper case changes', () => {
    const result = normalizeDescription('ab PKAENA14 SpotifyES');
    const edges = [...result.boundaries].map((bits) =>
      [bits & WORD_START ? '[' : '', bits & WORD_END ? ']' : ''].join(''),
    );
    expect(text(result.squashed)).toBe('ABPKAENA14SPOTIFYES');
    expect(edges.join(',')).toBe('[,],[,,,,,],[,],[,,,,,,],[,]');
  });

  it('returns no words for an empty or punctuation-only description', () => {
    expect(readWords(normalizeDescription(''))).toEqual([]);
    expect(readWords(normalizeDescription(' *-/ '))).toEqual([]);
    expect(normalizeDescription('').squashed.length).toBe(0);
  });

  it('treats characters outside Latin scripts as spaces', () => {
    expect(readWords(normalizeDescription('CAFÉ☕東京 BAR'))).toEqual(['CAFE', 'BAR']);
  });

  it('ignores text past 1,000 characters', () => {
    const result = normalizeDescription(`${'A'.repeat(1000)}B`);
    expect(result.squashed.length).toBe(1000);
  });
});
