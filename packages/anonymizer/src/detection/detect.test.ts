import { describe, expect, it } from 'vitest';
import { detect } from './detect.js';

const LETTER = [
  'Mr John Smith, a lawyer at Acme Trading Ltd in Madrid, met Mrs Ana López-García on 3 May 2004.',
  'Later Smith wrote to López-García. J. Smith signed.',
].join('\n');

function findings(text: string): [string, string][] {
  return detect(text).map((span) => [span.label, text.slice(span.start, span.end)]);
}

describe('detect', () => {
  it('finds names, organisations, places and dates in a letter', () => {
    expect(findings(LETTER)).toEqual(
      expect.arrayContaining([
        ['PERSON', 'Mr John Smith'],
        ['ORG', 'Acme Trading Ltd'],
        ['LOC', 'Madrid'],
        ['PERSON', 'Mrs Ana López-García'],
        ['DATETIME', '3 May 2004'],
      ]),
    );
  });

  it('finds every later mention of a person, by surname or with initials', () => {
    const found = findings(LETTER).map(([, value]) => value);
    expect(found).toContain('Smith');
    expect(found).toContain('López-García');
    expect(found).toContain('J. Smith');
  });

  it('returns sorted spans that do not overlap, with confidences between 0 and 1', () => {
    const spans = detect(LETTER);
    spans.forEach((span, index) => {
      expect(span.end).toBeGreaterThan(span.start);
      expect(span.start).toBeGreaterThanOrEqual(spans[index - 1]?.end ?? 0);
      expect(span.confidence).toBeGreaterThan(0);
      expect(span.confidence).toBeLessThanOrEqual(1);
    });
  });

  it('leaves ordinary legal prose alone', () => {
    expect(
      detect('The court held that the appeal was dismissed and the costs were to be paid.'),
    ).toEqual([]);
  });

  it('finds nothing in an empty text', () => {
    expect(detect('')).toEqual([]);
  });
});
