import type { Token } from '../tokenize.js';
import { TAGS } from './tags.js';

const MONTHS = new Set([
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
]);
const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'judge', 'sir', 'lord', 'lady', 'prof']);

/** The word's form: "Xx" for "Smith", "d" for "2002", "X.X." for "K.H."; repeats collapsed. */
export function wordShape(word: string): string {
  let shape = '';
  let last = '';
  for (const char of word) {
    let kind: string;
    if (char >= '0' && char <= '9') kind = 'd';
    else if (char !== char.toLowerCase()) kind = 'X';
    else if (char !== char.toUpperCase()) kind = 'x';
    else kind = char;
    if (kind !== last) shape += kind;
    last = kind;
  }
  return shape;
}

/** What the tagger knows of a document besides its tokens. */
export type DocumentContext = {
  tokens: Token[];
  lower: string[];
  shapes: string[];
  /** Words that appear in lower case somewhere in the document. */
  lowerCaseWords: Set<string>;
  /** Whether a line break precedes the token. */
  startsLine: boolean[];
  /** For a token in a run of capitalised words ("Berlin Social Court"): the run's first and last word. */
  runs: ({ first: string; last: string; length: number } | undefined)[];
};

const RUN_JOINERS = new Set([
  'of',
  'the',
  'and',
  'for',
  'de',
  'du',
  'des',
  'der',
  'von',
  '-',
  '&',
  "'",
  '’',
]);

function isCapitalised(word: string): boolean {
  const first = word[0] ?? '';
  return first !== first.toLowerCase();
}

function findRuns(lower: readonly string[], tokens: readonly Token[]): DocumentContext['runs'] {
  const runs: DocumentContext['runs'] = tokens.map(() => undefined);
  let index = 0;
  while (index < tokens.length) {
    if (!isCapitalised(tokens[index]?.text ?? '')) {
      index++;
      continue;
    }
    let end = index + 1;
    for (;;) {
      if (isCapitalised(tokens[end]?.text ?? '')) end++;
      else if (RUN_JOINERS.has(lower[end] ?? '') && isCapitalised(tokens[end + 1]?.text ?? ''))
        end += 2;
      else break;
    }
    const run = {
      first: lower[index] ?? '',
      last: lower[end - 1] ?? '',
      length: Math.min(end - index, 5),
    };
    for (let inside = index; inside < end; inside++) runs[inside] = run;
    index = end;
  }
  return runs;
}

export function createDocumentContext(text: string, tokens: Token[]): DocumentContext {
  const lower = tokens.map((token) => token.text.toLowerCase());
  const shapeCache = new Map<string, string>();
  const lowerCaseWords = new Set<string>();
  tokens.forEach((token, index) => {
    if (token.text === lower[index]) lowerCaseWords.add(token.text);
  });
  const startsLine = tokens.map((token, index) => {
    const previousEnd = index === 0 ? 0 : (tokens[index - 1]?.end ?? 0);
    return index === 0 || text.slice(previousEnd, token.start).includes('\n');
  });
  return {
    tokens,
    lower,
    shapes: tokens.map((token) => {
      let shape = shapeCache.get(token.text);
      if (shape === undefined) {
        shape = wordShape(token.text);
        shapeCache.set(token.text, shape);
      }
      return shape;
    }),
    lowerCaseWords,
    startsLine,
    runs: findRuns(lower, tokens),
  };
}

/** The positions around a token whose words give it features, each word on its own. */
export const NEIGHBOURS = [-2, -1, 0, 1, 2] as const;

/**
 * The features a token gets from the word at `offset` from it; they depend on that word
 * alone, so the tagger can add up their weights once per distinct word.
 */
export function wordFeatures(word: string | undefined, offset: number): string[] {
  const lowerWord = word?.toLowerCase() ?? (offset < 0 ? '<s>' : '</s>');
  const shape = word === undefined ? lowerWord : wordShape(word);
  switch (offset) {
    case -2:
      return [`pw2=${lowerWord}`];
    case -1: {
      const features = [`pw=${lowerWord}`, `ps=${shape}`];
      if (MONTHS.has(lowerWord)) features.push('p-month');
      if (TITLES.has(lowerWord)) features.push('p-title');
      return features;
    }
    case 1:
      return MONTHS.has(lowerWord)
        ? [`nw=${lowerWord}`, `ns=${shape}`, 'n-month']
        : [`nw=${lowerWord}`, `ns=${shape}`];
    case 2:
      return [`nw2=${lowerWord}`];
    default: {
      const features = [
        'b',
        `w=${lowerWord}`,
        `s=${shape}`,
        `p3=${lowerWord.slice(0, 3)}`,
        `s3=${lowerWord.slice(-3)}`,
        `s2=${lowerWord.slice(-2)}`,
      ];
      if (/^\d+$/.test(lowerWord)) features.push(`digits=${Math.min(lowerWord.length, 5)}`);
      if (MONTHS.has(lowerWord)) features.push('month');
      return features;
    }
  }
}

/** The features that depend on several words or on the document around the token. */
export function contextFeatures(context: DocumentContext, index: number): string[] {
  const { lower, shapes } = context;
  const lowerWord = lower[index] ?? '';
  const shape = shapes[index] ?? '';
  const previous = lower[index - 1] ?? '<s>';
  const previous2 = lower[index - 2] ?? '<s>';
  const next = lower[index + 1] ?? '</s>';
  const features = [
    `pw|w=${previous}|${lowerWord}`,
    `w|nw=${lowerWord}|${next}`,
    `pw2|pw=${previous2}|${previous}`,
    `ps|s|ns=${shapes[index - 1] ?? '<s>'}|${shape}|${shapes[index + 1] ?? '</s>'}`,
  ];
  if (context.startsLine[index]) features.push('line-start');
  const run = context.runs[index];
  if (run) {
    features.push(`run-last=${run.last}`, `run-first=${run.first}`, `run-length=${run.length}`);
  }
  if (shape.startsWith('X') && context.lowerCaseWords.has(lowerWord)) features.push('seen-lower');
  return features;
}

/** Every feature of token `index` that does not depend on earlier predictions. */
export function tokenFeatures(context: DocumentContext, index: number): string[] {
  return [
    ...NEIGHBOURS.flatMap((offset) => wordFeatures(context.tokens[index + offset]?.text, offset)),
    ...contextFeatures(context, index),
  ];
}

/** The features that depend on the tags already chosen for the tokens before. */
export function historyFeatures(
  context: DocumentContext,
  index: number,
  tags: readonly number[],
): string[] {
  const previous = TAGS[tags[index - 1] ?? 0] ?? 'O';
  const previous2 = TAGS[tags[index - 2] ?? 0] ?? 'O';
  return [
    `pt=${previous}`,
    `pt2=${previous2}|${previous}`,
    `pt|s=${previous}|${context.shapes[index] ?? ''}`,
    `pt|w=${previous}|${context.lower[index] ?? ''}`,
  ];
}
