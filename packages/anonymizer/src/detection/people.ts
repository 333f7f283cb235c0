import { ORGANISATION_HEADS } from '../tagger/features.js';
import type { Span } from '../types.js';
import { mergeSpans } from './merge-spans.js';
import { LEGAL_FORM } from './pattern-parts.js';
import { LEADING_TITLE } from '../titles.js';

const NAME_WORD = /^\p{Lu}[\p{L}'’-]*$/u;
const IS_LEGAL_FORM = new RegExp(`^(?:${LEGAL_FORM})$`, 'u');
/** Labels the tagger sometimes gives a name it has not seen as a person's. */
const RELABELLED = new Set<Span['label']>(['ORG', 'LOC', 'MISC', 'CODE']);

/** The words of a span, if it is one to three capitalised words that no organisation has. */
function nameWords(value: string): string[] | undefined {
  const words = value.split(/\s+/u);
  const isName =
    words.length <= 3 &&
    words.every(
      (word) =>
        NAME_WORD.test(word) &&
        !ORGANISATION_HEADS.has(word.toLowerCase()) &&
        !IS_LEGAL_FORM.test(word),
    );
  return isName ? words : undefined;
}

/**
 * A text that calls someone "Ms Roe" tells that Roe is a person: a name ending in that
 * surname ("Jane Roe", "ROE") is the person's too, whatever label the tagger gave it, and a
 * capitalised word right before it ("JANE" of "JANE ROE") is the first name. So every
 * mention of the person becomes one entity with one replacement.
 */
export function harmonizePeople(text: string, spans: readonly Span[]): Span[] {
  const surnames = new Set<string>();
  for (const span of spans) {
    const value = text.slice(span.start, span.end);
    if (span.label !== 'PERSON' || !LEADING_TITLE.test(value)) continue;
    const surname = value.split(/\s+/u).at(-1)?.toLowerCase() ?? '';
    if (surname.length > 1) surnames.add(surname);
  }
  if (surnames.size === 0) return [...spans];
  const isSurnameOf = (span: Span): boolean => {
    const words = nameWords(text.slice(span.start, span.end));
    return words !== undefined && surnames.has(words.at(-1)?.toLowerCase() ?? '');
  };
  const relabelled = spans.map((span) =>
    RELABELLED.has(span.label) && isSurnameOf(span) ? { ...span, label: 'PERSON' as const } : span,
  );
  const joined = relabelled.map((span, index) => {
    const next = relabelled[index + 1];
    const isFirstName =
      next?.label === 'PERSON' &&
      next.start === span.end + 1 &&
      text[span.end] === ' ' &&
      nameWords(text.slice(span.start, span.end))?.length === 1 &&
      isSurnameOf(next);
    return isFirstName ? { ...span, end: next.end, label: 'PERSON' as const } : span;
  });
  return mergeSpans(joined);
}
