import type { Span } from '../types.js';
import type { Token } from '../tokenize.js';
import { PERSON_TITLES } from '../titles.js';

/**
 * The kinds whose other mentions are the same thing. A demographic word is not: "Turkish" in
 * "a Turkish national" is the person's nationality, in "the Turkish Government" it is not.
 */
const PROPAGATED = new Set(['PERSON', 'ORG', 'LOC', 'MISC', 'CODE']);
const TITLES = new Set<string>(PERSON_TITLES);

type Candidate = { words: string[]; label: Span['label']; confidence: number };

function wordsOf(tokens: readonly Token[], span: Span, first: number): string[] {
  const words: string[] = [];
  for (let index = first; index < tokens.length; index++) {
    const token = tokens[index];
    if (!token || token.start >= span.end) break;
    words.push(token.text);
  }
  return words;
}

/** The index of the token starting at `offset` (tokens are sorted), if one does. */
function findTokenAt(tokens: readonly Token[], offset: number): number | undefined {
  let low = 0;
  let high = tokens.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const start = tokens[middle]?.start ?? 0;
    if (start === offset) return middle;
    if (start < offset) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}

/** The tokens of the span's last word: "López", "-", "García" of "Ana López-García". */
function lastWord(tokens: readonly Token[], first: number, count: number): string[] {
  let start = first + count - 1;
  while (start > first && tokens[start - 1]?.end === tokens[start]?.start) start--;
  return tokens.slice(start, first + count).map((token) => token.text);
}

/** How far back a surname's mention reaches over initials before it ("J. Smith", "A.B. Smith"). */
function startWithInitials(tokens: readonly Token[], index: number): number {
  let start = index;
  for (;;) {
    const letter = tokens[start - 2];
    const dot = tokens[start - 1];
    if (!letter || !dot || dot.text !== '.' || !/^\p{Lu}$/u.test(letter.text)) return start;
    start -= 2;
  }
}

/**
 * Masks every other mention of what was found once: the same words anywhere in the document,
 * and a person's surname alone ("Smith" after "Mr John Smith").
 */
export function propagateSpans(tokens: readonly Token[], spans: readonly Span[]): Span[] {
  const candidates = new Map<string, Candidate[]>();
  const add = (candidate: Candidate): void => {
    const first = candidate.words[0];
    if (first === undefined) return;
    const list = candidates.get(first) ?? [];
    if (!list.some((item) => item.words.join(' ') === candidate.words.join(' ')))
      list.push(candidate);
    candidates.set(first, list);
  };
  for (const span of spans) {
    if (!PROPAGATED.has(span.label)) continue;
    const first = findTokenAt(tokens, span.start);
    if (first === undefined) continue;
    const spanWords = wordsOf(tokens, span, first);
    const words = spanWords.filter((word) => !TITLES.has(word));
    if (words.length === 0 || words.join('').length < 2) continue;
    add({ words, label: span.label, confidence: span.confidence * 0.9 });
    const surname = lastWord(tokens, first, spanWords.length);
    const isSurname = surname.length < words.length && /^\p{Lu}\p{Ll}{2,}/u.test(surname[0] ?? '');
    if (span.label === 'PERSON' && isSurname) {
      add({ words: surname, label: 'PERSON', confidence: span.confidence * 0.8 });
    }
  }
  for (const list of candidates.values()) list.sort((a, b) => b.words.length - a.words.length);

  const found: Span[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const list = candidates.get(tokens[index]?.text ?? '');
    if (!list) continue;
    const match = list.find(({ words }) =>
      words.every((word, offset) => tokens[index + offset]?.text === word),
    );
    if (!match) continue;
    const last = tokens[index + match.words.length - 1];
    const first = tokens[match.label === 'PERSON' ? startWithInitials(tokens, index) : index];
    if (!first || !last) continue;
    found.push({
      start: first.start,
      end: last.end,
      label: match.label,
      confidence: match.confidence,
    });
    index += match.words.length - 1;
  }
  return found;
}
