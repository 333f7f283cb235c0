import type { Span } from '../types.js';

/** Spans over the first occurrence of each value in the text, for tests of span rules. */
export function spansAt(text: string, found: readonly [Span['label'], string][]): Span[] {
  return found.map(([label, value]) => {
    const start = text.indexOf(value);
    if (start < 0) throw new Error(`"${value}" is not in the text.`);
    return { start, end: start + value.length, label, confidence: 0.9 };
  });
}

/** What each span covers, with its label. */
export function labelledTexts(text: string, spans: readonly Span[]): [Span['label'], string][] {
  return spans.map((span) => [span.label, text.slice(span.start, span.end)]);
}
