import { describe, expect, it } from 'vitest';
import { mergeSpans } from './merge-spans.js';

describe('mergeSpans', () => {
  it('joins overlapping spans under the label of the most confident one', () => {
    expect(
      mergeSpans([
        { start: 5, end: 15, label: 'CODE', confidence: 0.6 },
        { start: 0, end: 10, label: 'NATIONAL_ID', confidence: 0.99 },
        { start: 20, end: 25, label: 'LOC', confidence: 0.8 },
      ]),
    ).toEqual([
      { start: 0, end: 15, label: 'NATIONAL_ID', confidence: 0.99 },
      { start: 20, end: 25, label: 'LOC', confidence: 0.8 },
    ]);
  });

  it('keeps spans that only touch apart, and does not change its input', () => {
    const spans = [
      { start: 4, end: 8, label: 'ORG' as const, confidence: 0.5 },
      { start: 0, end: 4, label: 'PERSON' as const, confidence: 0.5 },
    ];
    expect(mergeSpans(spans).map((span) => [span.start, span.end])).toEqual([
      [0, 4],
      [4, 8],
    ]);
    expect(spans[0]).toEqual({ start: 4, end: 8, label: 'ORG', confidence: 0.5 });
  });
});
