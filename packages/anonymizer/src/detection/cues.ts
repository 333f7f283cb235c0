import type { Span } from '../types.js';

const NAME_WORD = "\\p{Lu}[\\p{Ll}'’-]*\\p{Ll}|\\p{Lu}\\.(?:\\s?\\p{Lu}\\.)*";
const TITLE = '(?:Mr|Mrs|Ms|Miss|Dr|Prof|Judge|Sir|Lady|Lord|Señor|Señora|Sr|Sra|Dña)\\.?';
const PERSON_AFTER_TITLE = new RegExp(
  `\\b${TITLE}\\s+((?:${NAME_WORD})(?:[\\s-](?:(?:de|del|la|van|von|der|da|di)\\s)?(?:${NAME_WORD}))*)`,
  'gu',
);
const ORG_WORD = "(?:\\p{Lu}[\\p{L}&'’.-]*|\\d+|of|and|&|de|y)";
const COMPANY = new RegExp(
  `\\b(\\p{Lu}[\\p{L}&'’.-]*(?:\\s${ORG_WORD})*,?\\s(?:Ltd|Limited|GmbH|AG|S\\.?A\\.?U?|S\\.?L\\.?U?|S\\.?p\\.?A\\.?|Inc|LLC|LLP|plc|PLC|Corp(?:oration)?|B\\.?V\\.?|N\\.?V\\.?|Co)\\b\\.?)`,
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
      confidence: 0.85,
    });
  }
  return spans;
}
