import { MONTH_NAMES } from '../months.js';
import type { Token } from '../tokenize.js';
import { TAGS } from './tags.js';
import { clusterFeatures, getWordClusters } from './word-clusters.js';

const MONTHS: ReadonlySet<string> = new Set(MONTH_NAMES.map((month) => month.toLowerCase()));
const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'judge', 'sir', 'lord', 'lady', 'prof']);

/** Words that end the names of courts, offices and other organisations: a feature of the word before. */
export const ORGANISATION_HEADS: ReadonlySet<string> = new Set([
  'court',
  'tribunal',
  'ministry',
  'office',
  'authority',
  'council',
  'department',
  'directorate',
  'university',
  'hospital',
  'clinic',
  'bank',
  'prison',
  'police',
  'commission',
  'committee',
  'agency',
  'fund',
  'association',
  'party',
  'company',
  'service',
  'board',
  'government',
  'municipality',
  'corporation',
  'centre',
  'center',
  'institute',
  'school',
  'union',
  'chamber',
  'parliament',
  'assembly',
  'prosecutor',
  'headquarters',
  'gendarmerie',
  'command',
  'division',
  'section',
  'railways',
]);
/** Occupations, origins and beliefs (TAB's DEM) and words around them: a feature of the word after. */
const DEMOGRAPHIC_WORDS = new Set([
  'lawyer',
  'advocate',
  'teacher',
  'doctor',
  'engineer',
  'officer',
  'worker',
  'manager',
  'journalist',
  'student',
  'driver',
  'farmer',
  'nurse',
  'director',
  'employee',
  'businessman',
  'accountant',
  'soldier',
  'mayor',
  'dancer',
  'assistant',
  'principal',
  'pensioner',
  'unemployed',
  'retired',
  'married',
  'divorced',
  'widow',
  'citizen',
  'national',
  'born',
  'muslim',
  'christian',
  'catholic',
  'orthodox',
  'jewish',
  'kurdish',
  'roma',
]);

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

/**
 * A run of capitalised words ("Berlin Social Court"): its first and last word, lower-cased,
 * and its length up to 5; runs with equal features have equal keys.
 */
export type Run = { first: string; last: string; length: number; key: string };

/** Flags of a token, one bit each in DocumentContext.flags. */
export const TOKEN_FLAGS = [
  // A line break comes before it.
  'line-start',
  // Capitalised, and seen in lower case elsewhere in the document.
  'seen-lower',
] as const;
const FLAG = Object.fromEntries(TOKEN_FLAGS.map((name, bit) => [name, 1 << bit])) as Record<
  (typeof TOKEN_FLAGS)[number],
  number
>;

/** The names of the flags set in a mask. */
export function flagFeatures(mask: number): string[] {
  return TOKEN_FLAGS.filter((_, bit) => (mask & (1 << bit)) !== 0);
}

/** What the tagger knows of a document besides its tokens. */
export type DocumentContext = {
  tokens: Token[];
  /** Per token, the number of its text: equal texts get equal numbers, from 0. */
  textIds: Int32Array;
  /** How many distinct token texts the document has. */
  distinctCount: number;
  lower: string[];
  shapes: string[];
  /** Per token, its TOKEN_FLAGS as bits. */
  flags: Int32Array;
  /** For a token in a run of capitalised words ("Berlin Social Court"): the run's first and last word. */
  runs: (Run | undefined)[];
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
    const first = lower[index] ?? '';
    const last = lower[end - 1] ?? '';
    const length = Math.min(end - index, 5);
    // Tokens hold no spaces, so the key cannot be read two ways.
    const run = { first, last, length, key: `${first} ${last} ${length}` };
    for (let inside = index; inside < end; inside++) runs[inside] = run;
    index = end;
  }
  return runs;
}

export function createDocumentContext(text: string, tokens: Token[]): DocumentContext {
  // Each distinct word is lower-cased and shaped once.
  const numbers = new Map<string, number>();
  const textIds = new Int32Array(tokens.length);
  const distinctLower: string[] = [];
  const distinctShapes: string[] = [];
  const lowerCaseWords = new Set<string>();
  tokens.forEach((token, index) => {
    let id = numbers.get(token.text);
    if (id === undefined) {
      id = numbers.size;
      numbers.set(token.text, id);
      const lowerWord = token.text.toLowerCase();
      distinctLower.push(lowerWord);
      distinctShapes.push(wordShape(token.text));
      if (lowerWord === token.text) lowerCaseWords.add(lowerWord);
    }
    textIds[index] = id;
  });
  const lower = Array.from(textIds, (id) => distinctLower[id] ?? '');
  const shapes = Array.from(textIds, (id) => distinctShapes[id] ?? '');
  const flags = new Int32Array(tokens.length);
  let previousEnd = 0;
  tokens.forEach((token, index) => {
    let isLineStart = index === 0;
    for (let offset = previousEnd; !isLineStart && offset < token.start; offset++) {
      isLineStart = text.charCodeAt(offset) === 10;
    }
    previousEnd = token.end;
    let mask = isLineStart ? FLAG['line-start'] : 0;
    if ((shapes[index] ?? '').startsWith('X') && lowerCaseWords.has(lower[index] ?? '')) {
      mask |= FLAG['seen-lower'];
    }
    flags[index] = mask;
  });
  return {
    tokens,
    textIds,
    distinctCount: numbers.size,
    lower,
    shapes,
    flags,
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
      if (DEMOGRAPHIC_WORDS.has(lowerWord)) features.push('p-demographic');
      return features;
    }
    case 1: {
      const features = [`nw=${lowerWord}`, `ns=${shape}`];
      if (MONTHS.has(lowerWord)) features.push('n-month');
      if (ORGANISATION_HEADS.has(lowerWord)) features.push('n-organisation');
      return features;
    }
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
      features.push(...clusterFeatures(getWordClusters(), lowerWord));
      return features;
    }
  }
}

/** The features of a run of capitalised words, the same for every word in it. */
export function runFeatures(run: Run): string[] {
  return [`run-last=${run.last}`, `run-first=${run.first}`, `run-length=${run.length}`];
}

/** The features that depend on several words or on the document around the token. */
export function contextFeatures(context: DocumentContext, index: number): string[] {
  const { lower, shapes } = context;
  const lowerWord = lower[index] ?? '';
  const shape = shapes[index] ?? '';
  const previous = lower[index - 1] ?? '<s>';
  const previous2 = lower[index - 2] ?? '<s>';
  const next = lower[index + 1] ?? '</s>';
  const run = context.runs[index];
  return [
    `pw|w=${previous}|${lowerWord}`,
    `w|nw=${lowerWord}|${next}`,
    `pw2|pw=${previous2}|${previous}`,
    `ps|s|ns=${shapes[index - 1] ?? '<s>'}|${shape}|${shapes[index + 1] ?? '</s>'}`,
    ...(run ? runFeatures(run) : []),
    ...flagFeatures(context.flags[index] ?? 0),
  ];
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
  tags: ArrayLike<number>,
): string[] {
  const previous = TAGS[index > 0 ? (tags[index - 1] ?? 0) : 0] ?? 'O';
  const previous2 = TAGS[index > 1 ? (tags[index - 2] ?? 0) : 0] ?? 'O';
  return [
    `pt=${previous}`,
    `pt2=${previous2}|${previous}`,
    `pt|s=${previous}|${context.shapes[index] ?? ''}`,
    `pt|w=${previous}|${context.lower[index] ?? ''}`,
  ];
}
