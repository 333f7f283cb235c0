import { getDefaultWeights } from '../tagger/model.js';
import { tagText } from '../tagger/tagger.js';
import type { FeatureWeights } from '../tagger/tags.js';
import { tokenize } from '../tokenize.js';
import { EXACT_LABELS, type Span } from '../types.js';
import { findCues } from './cues.js';
import { mergeSpans } from './merge-spans.js';
import { findPatterns } from './patterns.js';
import { propagateSpans } from './propagate.js';

export type DetectOptions = {
  /** Tagger weights; the committed model by default. */
  weights?: FeatureWeights;
  /** Added to the tagger's entity scores: higher finds more and is wrong more often. */
  entityBias?: number;
};

/** Chosen on train documents held out of training: the tuning table of bench/accuracy.ts. */
export const DEFAULT_ENTITY_BIAS = 10;

/** The tagger's score margin turned into a confidence between 0.5 and 1. */
function marginToConfidence(margin: number): number {
  return Math.round((1 / (1 + Math.exp(-margin / 4))) * 100) / 100;
}

const EXACT_LABEL_SET = new Set<Span['label']>(EXACT_LABELS);

/** Words that announce an identifier and are never one by themselves. */
const CUE_WORDS = new Set([
  'IBAN',
  'BIC',
  'SWIFT',
  'DNI',
  'NIE',
  'NIF',
  'CIF',
  'SSN',
  'ID',
  'VAT',
  'EUR',
  'USD',
  'GBP',
  'Tel',
  'Fax',
  'Email',
  'E-mail',
  'Passport',
  'Mr',
  'Mrs',
  'Ms',
  'Dr',
]);

/** The span without punctuation or spaces that cannot end ("Smith &") or start (", Madrid") a name. */
function trimSpan(text: string, span: Span): Span | undefined {
  let { start, end } = span;
  while (end > start && /[\s&,;:(\-–/]/u.test(text[end - 1] ?? '')) end--;
  if (text[end - 1] === '.' && /\d/.test(text[end - 2] ?? '')) end--;
  while (start < end && /[\s&,;:)\-–/]/u.test(text[start] ?? '')) start++;
  if (end <= start || CUE_WORDS.has(text.slice(start, end))) return undefined;
  return { ...span, start, end };
}

const TITLE_BEFORE = /\b(?:Mr|Mrs|Ms|Miss|Dr|Prof|Judge|Sir|Lady|Lord)\.?\s+$/u;

/** A person's title goes with the name: "Mr" alone would still tell the gender. */
function withTitle(text: string, span: Span): Span {
  if (span.label !== 'PERSON') return span;
  const title = TITLE_BEFORE.exec(text.slice(Math.max(0, span.start - 8), span.start));
  return title ? { ...span, start: span.start - title[0].length } : span;
}

/**
 * Finds the personal and identifying information in a text: the tagger's findings, the
 * rule-based recognisers, and every other mention of what they found.
 */
export function detect(text: string, options: DetectOptions = {}): Span[] {
  const tokens = tokenize(text);
  const tagged: Span[] = tagText({
    text,
    tokens,
    weights: options.weights ?? getDefaultWeights(),
    entityBias: options.entityBias ?? DEFAULT_ENTITY_BIAS,
  }).map(({ start, end, type, margin }) => ({
    start,
    end,
    label: type,
    confidence: marginToConfidence(margin),
  }));
  const patterns = findPatterns(text);
  const exact = patterns.filter((span) => EXACT_LABEL_SET.has(span.label));
  // Where a recogniser knows an identifier's exact extent, the tagger's guess gives way.
  const trimmed = tagged
    .flatMap((span) => trimSpan(text, span) ?? [])
    .filter((span) => !exact.some((other) => other.start < span.end && span.start < other.end));
  const found = mergeSpans([...trimmed, ...patterns, ...findCues(text)]);
  return mergeSpans(
    [...found, ...propagateSpans(tokens, found)].map((span) => withTitle(text, span)),
  );
}
