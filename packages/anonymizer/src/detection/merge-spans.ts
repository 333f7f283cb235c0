import type { Span } from '../types.js';

/**
 * One span per stretch of text: overlapping or touching findings are joined, keeping the
 * label of the most confident one (a longer one on a tie).
 */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (!last || span.start >= last.end) {
      merged.push({ ...span });
      continue;
    }
    const isStronger =
      span.confidence > last.confidence ||
      (span.confidence === last.confidence && span.end - span.start > last.end - last.start);
    if (isStronger) {
      last.label = span.label;
      last.confidence = span.confidence;
    }
    last.end = Math.max(last.end, span.end);
  }
  return merged;
}
