/** A word, a number or one other visible character, with its offsets in the text. */
export type Token = { text: string; start: number; end: number };

const TOKEN = /[\p{L}\p{M}]+|\p{N}+|\S/gu;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(TOKEN)) {
    tokens.push({ text: match[0], start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}
