import type { Span } from '../types.js';
import { PERSON_TITLES } from '../titles.js';
import { LEGAL_FORM, LINE_SPACE } from './pattern-parts.js';

const NAME_WORD = "\\p{Lu}[\\p{Ll}'’-]*\\p{Ll}|\\p{Lu}\\.(?:\\s?\\p{Lu}\\.)*";
const TITLE = `(?:${PERSON_TITLES.join('|')}|Señor|Señora|Sr|Sra|Dña)\\.?`;
const PERSON_AFTER_TITLE = new RegExp(
  `\\b${TITLE}${LINE_SPACE}+((?:${NAME_WORD})(?:(?:${LINE_SPACE}|-)(?:(?:de|del|la|van|von|der|da|di)${LINE_SPACE})?(?:${NAME_WORD}))*)`,
  'gu',
);
/** A word of a company's name; a full stop only inside one ("A.B.C"), never ending it. */
const COMPANY_WORD = "\\p{Lu}(?:[\\p{L}&'’-]|\\.(?=\\S))*";
const ORG_WORD = `(?:${COMPANY_WORD}|\\d+|of|and|&|de|y)`;
/**
 * A company by its legal form, in any case ("Acme Ltd", "ACME HOLDINGS LIMITED"). A full stop
 * after the form is taken only inside a sentence ("Acme Inc. agreed"): at its end it is the
 * sentence's.
 */
const COMPANY = new RegExp(
  `\\b(${COMPANY_WORD}(?:${LINE_SPACE}${ORG_WORD})*,?${LINE_SPACE}(?:${LEGAL_FORM})\\b(?:\\.(?=${LINE_SPACE}*[\\p{Ll},;:)]))?)`,
  'gu',
);

/** Names after a title ("Mr John Smith") and companies by their legal form ("Acme Ltd"). */
export function findCues(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(PERSON_AFTER_TITLE)) {
    const name = match[1] ?? '';
    const start = match.index + match[0].length - name.length;
    spans.push({ start, end: start + name.length, label: 'PERSON', confidence: 0.9 });
  }
  for (const match of text.matchAll(COMPANY)) {
    const name = match[1] ?? '';
    spans.push({
      start: match.index,
      end: match.index + name.length,
      label: 'ORG',
      confidence: 0.95,
    });
  }
  return spans;
}
