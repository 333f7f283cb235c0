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

  it('hides the applicant, not the State and its public bodies', () => {
    const judgment = [
      'The case originated in an application (no. 36244/06) against the Republic of Turkey lodged with the Court under Article 34 of the Convention by a Turkish national, Mr Ahmet Kılıç (“the applicant”), on 12 August 2006.',
      'The Turkish Government (“the Government”) were represented by their Agent.',
      'The applicant, who is a lorry driver, was born in 1970 and lives in Izmir.',
      'On 3 May 2004 the Izmir State Security Court sentenced him to three years and nine months’ imprisonment. On 5 June 2005 the Court of Cassation upheld that judgment.',
    ].join('\n');
    const found = detect(judgment).map((span) => judgment.slice(span.start, span.end));
    expect(found).toEqual(
      expect.arrayContaining([
        '36244/06',
        'Turkish',
        'Mr Ahmet Kılıç',
        '12 August 2006',
        'lorry driver',
        '1970',
        'Izmir',
        'Izmir State Security Court',
        'three years and nine months',
      ]),
    );
    for (const publicBody of ['Republic of Turkey', 'Turkey', 'Court of Cassation', 'Court']) {
      expect(found).not.toContain(publicBody);
    }
    const government = judgment.indexOf('Turkish Government');
    expect(detect(judgment).some((span) => span.start <= government && span.end > government)).toBe(
      false,
    );
  });

  it('finds companies by their legal form in any case, leaving a sentence’s full stop out', () => {
    const text = 'ACME HOLDINGS LIMITED sold it to Barclays Bank PLC. Acme Inc. agreed.';
    expect(findings(text)).toEqual(
      expect.arrayContaining([
        ['ORG', 'ACME HOLDINGS LIMITED'],
        ['ORG', 'Barclays Bank PLC'],
        ['ORG', 'Acme Inc.'],
      ]),
    );
  });

  it('ends a finding with its line: a signature’s name and firm are two', () => {
    const signature = 'Yours sincerely,\nEmily Watson\nWatson & Partners LLP';
    const found = findings(signature).map(([, value]) => value);
    expect(found).toEqual(expect.arrayContaining(['Emily Watson', 'Watson & Partners LLP']));
    // The legal form outweighs the tagger's guess that a surname makes the firm a person.
    expect(findings(signature)).toContainEqual(['ORG', 'Watson & Partners LLP']);
    expect(found.some((value) => value.includes('\n'))).toBe(false);
  });

  it('hides the parties named after their role, not the role', () => {
    const heading = 'Claimant: Ms Priya Sharma\nRespondent: Northwind Logistics Ltd';
    expect(findings(heading)).toEqual([
      ['PERSON', 'Ms Priya Sharma'],
      ['ORG', 'Northwind Logistics Ltd'],
    ]);
  });

  it('leaves the small words around a date out of it', () => {
    expect(findings('This Agreement is made on 1 March 2024 between:')).toEqual([
      ['DATETIME', '1 March 2024'],
    ]);
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
