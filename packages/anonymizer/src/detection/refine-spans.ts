import type { Span } from '../types.js';
import { ORGANISATION_HEADS } from '../tagger/features.js';
import { mergeSpans } from './merge-spans.js';

const PAIRS: Record<string, string> = {
  '(': ')',
  '[': ']',
  '{': '}',
  '<': '>',
  '“': '”',
  '‘': '’',
  '«': '»',
};
const CLOSERS = new Map(Object.entries(PAIRS).map(([opener, closer]) => [closer, opener]));
/** Abbreviations whose full stop is not the end of a sentence. */
const ABBREVIATIONS =
  /(?:^|[\s(])(?:Mr|Mrs|Ms|Dr|Prof|St|No|Nos|Art|Co|Ltd|Inc|Corp|Jr|Sr|Messrs|\p{Lu})$/u;

/**
 * The span without what cannot begin or end a name: spaces, separators (", Madrid",
 * "Smith &"), a bracket or quote that the span does not also close or open, a full stop that
 * ends a sentence ("Smith." but not "J." or "Co.").
 */
export function trimPunctuation(text: string, span: Span): Span | undefined {
  let { start, end } = span;
  const holds = (char: string, from: number, to: number): boolean =>
    text.slice(from, to).includes(char);
  const isUnpairedQuote = (char: string): boolean =>
    (char === '"' || char === "'") && text.slice(start, end).split(char).length % 2 === 0;
  for (;;) {
    const last = text[end - 1] ?? '';
    const opener = CLOSERS.get(last);
    const first = text[start] ?? '';
    const closer = PAIRS[first];
    if (end <= start) return undefined;
    if (/[\s&,;:\-–/]/u.test(last) || last in PAIRS || isUnpairedQuote(last)) end--;
    else if (opener !== undefined && !holds(opener, start, end - 1)) end--;
    else if (last === '.' && !ABBREVIATIONS.test(text.slice(start, end - 1))) end--;
    else if (/[\s&,;:)\-–/.]/u.test(first) || CLOSERS.has(first) || isUnpairedQuote(first)) start++;
    else if (closer !== undefined && !holds(closer, start + 1, end)) start++;
    else if (closer !== undefined && closer === last) {
      start++;
      end--;
    } else return { ...span, start, end };
  }
}

/**
 * The span's parts between the matches of a global pattern; a match for which `isSeparator`
 * (given the text of the part it would end) says no does not split.
 */
function splitAt(
  text: string,
  span: Span,
  pattern: RegExp,
  isSeparator: (part: string) => boolean = () => true,
): Span[] {
  const parts: Span[] = [];
  let start = span.start;
  for (const separator of text.slice(span.start, span.end).matchAll(pattern)) {
    const at = span.start + separator.index;
    if (!isSeparator(text.slice(start, at))) continue;
    parts.push({ ...span, start, end: at });
    start = at + separator[0].length;
  }
  parts.push({ ...span, start });
  return parts.filter((part) => part.end > part.start);
}

/** A sentence's full stop: before a capital, after a word that is not an abbreviation. */
const SENTENCE_END = /\.\s+(?=\p{Lu})/gu;

/** A span split where a sentence ends inside it ("López-García. J. Smith"). */
export function splitAtSentenceEnds(text: string, span: Span): Span[] {
  return splitAt(text, span, SENTENCE_END, (part) => !ABBREVIATIONS.test(part));
}

/**
 * A span split at its line breaks and at a colon before a space: a name in a heading or a
 * letter's signature ends with its line, and "Respondent: Acme Ltd" is a field and its value.
 */
export function splitAtLinesAndFields(text: string, span: Span): Span[] {
  return splitAt(text, span, /[^\S\n]*\n\s*|:\s+/g);
}

/**
 * "and", "to" or a comma between two dates of a list ("10 May, 7 July and 26 September 1994");
 * not the comma after a month and day ("March 3, 2021").
 */
const DATE_JOINER =
  /,?\s+(?:and|or|to|until)\s+(?:on\s+)?|(?<!\b\p{Lu}\p{Ll}{2,8}\.? \d{1,2}(?:st|nd|rd|th)?),\s+(?:on\s+)?/gu;

const LEADING_WORDS = /^(?:(?:the|between|on|of|in|at|from|and|to|an?)\s+)+/i;
const TRAILING_WORDS = /(?:\s+(?:the|of|in|at|on|and|to|for|by|from|between|with|an?))+$/;

/** A finding without the small words before or after it ("between 1 May", "Acme Ltd in"). */
function withoutSmallWords(text: string, span: Span): Span {
  const value = text.slice(span.start, span.end);
  const leading = LEADING_WORDS.exec(value)?.[0].length ?? 0;
  const trailing = TRAILING_WORDS.exec(value)?.[0].length ?? 0;
  return leading + trailing < value.length
    ? { ...span, start: span.start + leading, end: span.end - trailing }
    : span;
}

/** Words that end an institution's name besides the tagger's organisation heads. */
const INSTITUTION_HEADS = [...ORGANISATION_HEADS, 'bar', 'governor', 'governorship', 'branch'];

/** Capitalised words after a place that end in an institution: "[Izmir] State Security Court". */
const INSTITUTION_AFTER = new RegExp(
  `^(?:(?:\\s+(?:of\\s+|for\\s+|and\\s+)?\\p{Lu}[\\p{L}'’-]*)*?\\s+(?:${INSTITUTION_HEADS.map(
    (head) => `${head.charAt(0).toUpperCase()}${head.slice(1)}`,
  ).join('|')}))\\b`,
  'u',
);

/** A place that begins an institution's name stands for the institution, named in full. */
function withInstitution(text: string, span: Span): Span {
  if (span.label !== 'LOC') return span;
  const rest = INSTITUTION_AFTER.exec(text.slice(span.end, span.end + 120));
  return rest ? { ...span, end: span.end + rest[0].length, label: 'ORG' } : span;
}

/**
 * Dates that every judgment of the European Court of Human Rights repeats and that say
 * nothing of the case: Protocol No. 11's entry into force, the Sections' recompositions.
 */
const COURT_BOILERPLATE =
  /Protocol No\. 11 to the Convention came into force|Article 5 § 2 of Protocol No\. 11|changed the composition of its Sections/;
const BOILERPLATE_DATE = /^1 November (?:1998|2001|2004)$/;

/** A law, named with its year or date: "Insolvency Act 1986", "the 1998 Act", "Law no. 5190 of 16 June 2004". */
const LAW = '(?:Act|Law|Code|Regulation|Ordinance|Decree|Statute|Directive|Constitution)';
const LAW_BEFORE_DATE = new RegExp(
  `\\b${LAW}s?(?: no\\. ?[\\d/.-]+)?(?: \\([^)]{0,60}\\))?,? (?:of|on|dated|enacted on|adopted on)? ?$`,
  'u',
);
const LAW_AFTER_DATE = new RegExp(`^(?:['’]s)? (?:\\p{Lu}\\p{Ll}+ ){0,3}${LAW}\\b`, 'u');

/** The date of a law is a legal reference, not a fact about anyone. */
function isDateOfLaw(text: string, span: Span): boolean {
  return (
    span.label === 'DATETIME' &&
    (LAW_BEFORE_DATE.test(text.slice(Math.max(0, span.start - 80), span.start)) ||
      LAW_AFTER_DATE.test(text.slice(span.end, span.end + 60)))
  );
}

/** A name has a capital letter or a digit: "staatlichen" or "locality" is not one. */
function isLowerCaseName(text: string, span: Span): boolean {
  return (
    (span.label === 'PERSON' || span.label === 'ORG' || span.label === 'LOC') &&
    !/[\p{Lu}\d]/u.test(text.slice(span.start, span.end))
  );
}

/** A paragraph's or list item's number at the start of its line: "3." or "4)". */
function isListNumber(text: string, span: Span): boolean {
  return (
    /^\d{1,3}$/.test(text.slice(span.start, span.end)) &&
    /[.)]/.test(text[span.end] ?? '') &&
    /(?:^|\n)[^\S\n]*$/.test(text.slice(Math.max(0, span.start - 20), span.start))
  );
}

/** A reference to a part of a document ("Annex A", "Article 6 § 1") names no one. */
const DOCUMENT_PART =
  /^(?:Annex|Appendix|Schedule|Articles?|Sections?|Chapter|Part|Rules?|Protocol|Exhibit|Clause|Paragraph|Table|Figure|§)\s*[\p{Lu}\d]/u;

/** The sentence around a span: from the last sentence end before it to the first after it. */
function sentenceAround(text: string, span: Span): string {
  const from = Math.max(0, span.start - 300);
  const previous = [...text.slice(from, span.start).matchAll(SENTENCE_END)].at(-1);
  const start = previous ? from + previous.index + previous[0].length : from;
  const next = [...text.slice(span.end, span.end + 300).matchAll(SENTENCE_END)].at(0);
  return text.slice(start, next ? span.end + next.index : span.end + 300);
}

function isBoilerplateDate(text: string, span: Span): boolean {
  if (span.label !== 'DATETIME' || !BOILERPLATE_DATE.test(text.slice(span.start, span.end))) {
    return false;
  }
  return COURT_BOILERPLATE.test(sentenceAround(text, span));
}

/**
 * Findings reshaped to what an anonymised text should hide: each date of a list on its own
 * (the words between belong to none), no small words before or after a finding, a place that
 * begins an institution's name extended to the name. Left out, as naming no one: references
 * to parts of a document or to a law's date, lower-case "names", the Court's boilerplate dates,
 * the numbers of paragraphs.
 */
export function refineSpans(text: string, spans: readonly Span[]): Span[] {
  const reshaped = spans
    .flatMap((span) => (span.label === 'DATETIME' ? splitAt(text, span, DATE_JOINER) : [span]))
    .map((span) => withInstitution(text, withoutSmallWords(text, span)));
  return mergeSpans(reshaped).filter(
    (span) =>
      !isBoilerplateDate(text, span) &&
      !isDateOfLaw(text, span) &&
      !isLowerCaseName(text, span) &&
      !isListNumber(text, span) &&
      !DOCUMENT_PART.test(text.slice(span.start, span.end)),
  );
}

/** The capitalised name just before an opening bracket: "Warsaw Court of Appeal (". */
const NAME_BEFORE_BRACKET =
  /(\p{Lu}[\p{L}'’-]*(?:\s+(?:(?:of|for|and|the|de|du|des|der|di)\s+)?\p{Lu}[\p{L}'’-]*)*)\s*\($/u;

/**
 * A name in brackets right after another name is its translation or acronym ("Warsaw Court
 * of Appeal (Sąd Apelacyjny)"): it is hidden only when the name before it is.
 */
export function dropUnhiddenTranslations(text: string, spans: readonly Span[]): Span[] {
  return spans.filter((span) => {
    if (text[span.start - 1] !== '(') return true;
    const before = text.slice(Math.max(0, span.start - 150), span.start);
    const name = NAME_BEFORE_BRACKET.exec(before);
    if (!name?.[1]) return true;
    const start = span.start - before.length + name.index;
    const end = start + name[1].length;
    return spans.some((other) => other !== span && other.start < end && other.end > start);
  });
}
