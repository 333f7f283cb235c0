/**
 * Finds every occurrence of many fixed patterns in one pass over a normalised text
 * (Aho–Corasick as a complete state table). Texts and patterns use the alphabet of
 * `normalizeDescription`: space, A–Z and 0–9; any other character restarts the search.
 */
export type PhraseMatcher = {
  /**
   * Appends to `hits`, for each occurrence, the pattern's index and the position of its
   * last character in `text` (character codes).
   */
  collectMatches(text: Uint8Array, hits: number[]): void;
};

const ALPHABET_SIZE = 37;
const SYMBOLS = new Int8Array(256).fill(-1);
SYMBOLS[32] = 0;
for (let code = 65; code <= 90; code++) SYMBOLS[code] = code - 64;
for (let code = 48; code <= 57; code++) SYMBOLS[code] = code - 21;

function getSymbol(code: number): number {
  return SYMBOLS[code] ?? -1;
}

export function createPhraseMatcher(patterns: readonly string[]): PhraseMatcher {
  const transitions: number[] = new Array<number>(ALPHABET_SIZE).fill(-1);
  const outputs: number[][] = [[]];

  patterns.forEach((pattern, patternIndex) => {
    if (pattern === '') throw new Error('Empty pattern');
    let state = 0;
    for (let index = 0; index < pattern.length; index++) {
      const symbol = getSymbol(pattern.charCodeAt(index));
      if (symbol < 0)
        throw new Error(`Pattern "${pattern}" has a character outside A-Z, 0-9, space`);
      const slot = state * ALPHABET_SIZE + symbol;
      let next = transitions[slot] ?? -1;
      if (next < 0) {
        next = outputs.length;
        outputs.push([]);
        for (let s = 0; s < ALPHABET_SIZE; s++) transitions.push(-1);
        transitions[slot] = next;
      }
      state = next;
    }
    outputs[state]?.push(patternIndex);
  });

  const table = Int32Array.from(transitions);
  const failure = new Int32Array(outputs.length);
  const queue: number[] = [];
  for (let symbol = 0; symbol < ALPHABET_SIZE; symbol++) {
    const child = table[symbol] ?? -1;
    if (child < 0) table[symbol] = 0;
    else queue.push(child);
  }
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head] ?? 0;
    const fallback = failure[state] ?? 0;
    for (let symbol = 0; symbol < ALPHABET_SIZE; symbol++) {
      const slot = state * ALPHABET_SIZE + symbol;
      const child = table[slot] ?? -1;
      const fallbackNext = table[fallback * ALPHABET_SIZE + symbol] ?? 0;
      if (child < 0) {
        table[slot] = fallbackNext;
      } else {
        failure[child] = fallbackNext;
        const inherited = outputs[fallbackNext] ?? [];
        if (inherited.length > 0) outputs[child] = [...(outputs[child] ?? []), ...inherited];
        queue.push(child);
      }
    }
  }

  const finalOutputs: (readonly number[] | undefined)[] = outputs.map((list) =>
    list.length > 0 ? list : undefined,
  );

  return {
    collectMatches(text, hits) {
      let state = 0;
      for (let index = 0; index < text.length; index++) {
        const symbol = getSymbol(text[index] ?? 0);
        state = symbol < 0 ? 0 : (table[state * ALPHABET_SIZE + symbol] ?? 0);
        const found = finalOutputs[state];
        if (found) for (const pattern of found) hits.push(pattern, index);
      }
    },
  };
}
