import { getDefaultWeights } from '../tagger/model.js';
import { tagText } from '../tagger/tagger.js';
import type { FeatureWeights } from '../tagger/tags.js';
import { tokenize } from '../tokenize.js';
import { EXACT_LABELS, type Span } from '../types.js';
import { findAddresses } from './addresses.js';
import { findAttributes } from './attributes.js';
import { findCues } from './cues.js';
import { mergeSpans } from './merge-spans.js';
import { harmonizePeople } from './people.js';
import { findPatterns } from './patterns.js';
import { propagateSpans } from './propagate.js';
import { dropPublicBodies } from './public-bodies.js';
import {
  dropUnhiddenTranslations,
  refineSpans,
  splitAtLinesAndFields,
  splitAtSentenceEnds,
  trimPunctuation,
} from './refine-spans.js';
import { PERSON_TITLES } from '../titles.js';

export type DetectOptions = {
  /** Tagger weights; the committed model by default. */
  weights?: FeatureWeights;
  /** Added to the tagger's entity scores: higher finds more and is wrong more often. */
  entityBias?: number;
};

/** Chosen on train documents held out of training: the tuning table of bench/accuracy.ts. */
export const DEFAULT_ENTITY_BIAS = 18;

/** The tagger's score margin turned into a confidence between 0.5 and 1. */
function marginToConfidence(margin: number): number {
  return Math.round((1 / (1 + Math.exp(-margin / 4))) * 100) / 100;
}

const EXACT_LABEL_SET = new Set<Span['label']>(EXACT_LABELS);

/** A party's role, as in "Claimant: Ms Priya Sharma" or "Defendant MegaCorp Inc.". */
const PARTY_ROLES = new Set([
  'Claimant',
  'Respondent',
  'Applicant',
  'Defendant',
  'Plaintiff',
  'Appellant',
  'Petitioner',
]);

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
  ...PERSON_TITLES,
  ...PARTY_ROLES,
  'Subject',
]);

/**
 * The tagger's span split at sentence ends and line breaks, and trimmed; none when only a cue
 * word is left.
 */
function trimSpan(text: string, span: Span): Span[] {
  const parts = splitAtSentenceEnds(text, span).flatMap((part) =>
    splitAtLinesAndFields(text, part),
  );
  return parts.flatMap((part) => {
    const trimmed = trimPunctuation(text, part);
    return trimmed && !CUE_WORDS.has(text.slice(trimmed.start, trimmed.end)) ? [trimmed] : [];
  });
}

/** A finding without a party's role before it: "Defendant MegaCorp Inc." names MegaCorp Inc. */
function withoutLeadingRole(text: string, span: Span): Span {
  const value = text.slice(span.start, span.end);
  const space = value.indexOf(' ');
  return space > 0 && PARTY_ROLES.has(value.slice(0, space))
    ? { ...span, start: span.start + space + 1 }
    : span;
}

const TITLE_BEFORE = new RegExp(`\\b(?:${PERSON_TITLES.join('|')})\\.?\\s+$`, 'u');

/** A person's title goes with the name: "Mr" alone would still tell the gender. */
function withTitle(text: string, span: Span): Span {
  if (span.label !== 'PERSON') return span;
  const title = TITLE_BEFORE.exec(text.slice(Math.max(0, span.start - 8), span.start));
  return title ? { ...span, start: span.start - title[0].length } : span;
}

/**
 * Finds the personal and identifying information in a text: the tagger's findings, the
 * rule-based recognisers, and every other mention of what they found; then reshapes them,
 * leaves out the public bodies of a State, labels every name of a person known by a title
 * as the person's, and adds the attributes a text states of a person.
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
    .flatMap((span) => trimSpan(text, span))
    .filter((span) => !exact.some((other) => other.start < span.end && span.start < other.end));
  const found = mergeSpans(
    [...trimmed, ...patterns, ...findCues(text), ...findAddresses(text)].map((span) =>
      withoutLeadingRole(text, span),
    ),
  );
  const everyMention = mergeSpans(
    [...found, ...propagateSpans(tokens, found)].map((span) => withTitle(text, span)),
  );
  const named = harmonizePeople(
    text,
    dropUnhiddenTranslations(text, dropPublicBodies(text, refineSpans(text, everyMention))),
  );
  return mergeSpans([...named, ...findAttributes(text)]);
}
