import { describe, expect, it } from 'vitest';
import { tokenize } from './tokenize.js';

/** What the tokenizer stands for. */
function tokenizeByPattern(text: string): { text: string; start: number; end: number }[] {
  return [...text.matchAll(/[\p{L}\p{M}]+|\p{N}+|\S/gu)].map((match) => ({
    text: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
}

describe('tokenize', () => {
  it('splits words, numbers and other visible characters, with their offsets', () => {
    expect(tokenize('Mr Smith, 42.')).toEqual([
      { text: 'Mr', start: 0, end: 2 },
      { text: 'Smith', start: 3, end: 8 },
      { text: ',', start: 8, end: 9 },
      { text: '42', start: 10, end: 12 },
      { text: '.', start: 12, end: 13 },
    ]);
  });

  it('finds what the regular expression finds, marks, other scripts and astral characters included', () => {
    const text =
      'Ana López-García (2nd) paid €1,500\u00a0on 3.5.2004; x\u0303y ١٢٣ ½ 𝐀𝐁 😀 «Ψ» \t\n“Şırnak”';
    expect(tokenize(text)).toEqual(tokenizeByPattern(text));
  });
});
