import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse, parseFragment, type DefaultTreeAdapterTypes } from 'parse5';
import { describe, expect, it } from 'vitest';
import { AnonymizationError } from './anonymization-error.js';
import { anonymize } from './anonymize.js';
import { extractText } from './html/html-text.js';

type Node = DefaultTreeAdapterTypes.Node;

/** The element tree without its text: tag names and attributes, depth first. */
function structure(node: Node): string[] {
  const own =
    'tagName' in node
      ? [`${node.tagName}${node.attrs.map((attr) => ` ${attr.name}="${attr.value}"`).join('')}`]
      : node.nodeName === '#comment'
        ? ['#comment']
        : [];
  const children = 'childNodes' in node ? node.childNodes.flatMap(structure) : [];
  return [...own, ...children, ...('tagName' in node ? [`/${node.tagName}`] : [])];
}

/** A fixture's text anonymised, after checking that none of the identifying values is left. */
function anonymizeFixture(name: string, identifying: string[]): { source: string; text: string } {
  const source = readFileSync(
    fileURLToPath(new URL(`./testing/fixtures/${name}`, import.meta.url)),
    'utf8',
  );
  const { text } = anonymize({ text: source, mode: 'text' });
  for (const value of identifying) expect(text).not.toContain(value);
  return { source, text };
}

const LETTER = `Dear Mr John Smith,

    Your DNI 12345678Z and IBAN ES91 2100 0418 4502 0005 1332 are on file.
    Mr Smith, please call +34 612 345 678.
`;

describe('anonymize, text mode', () => {
  it('replaces findings and keeps every other character, line breaks and indentation', () => {
    const { text, replacements } = anonymize({ text: LETTER, mode: 'text' });
    expect(text).toBe(`Dear [PERSON_1],

    Your DNI [NATIONAL_ID_1] and IBAN [IBAN_1] are on file.
    [PERSON_1], please call [PHONE_1].
`);
    expect(replacements.map((item) => LETTER.slice(item.start, item.end))).toContain('Mr Smith');
  });

  it('hides what identifies the parties of a contract and a letter, line by line', () => {
    const { source, text } = anonymizeFixture('contract-and-letter.txt', [
      'ACME HOLDINGS LIMITED',
      '01234567',
      'Fleet Street',
      'EC4Y 1AA',
      'John Alexander Smith',
      '12 April 1971',
      'High Street',
      'BS1 4DJ',
      '123456789',
      '1,250,000',
      'GB82 WEST',
      'Barclays',
      'Jane Doe',
      'jane.doe@acme-holdings.co.uk',
      '7946 0958',
      'Sarah',
      "O'Connor",
      'García',
      'Pedro Martínez Ruiz',
      '12345678Z',
      'Calle Mayor',
      '28013',
      '3 June 2023',
      'La Paz',
      'Emily Watson',
      'Watson & Partners',
      'King Street',
      'M2 4WU',
    ]);
    expect(text.split('\n').length).toBe(source.split('\n').length);
    expect(text).toContain('Yours sincerely,\n[PERSON_');
    expect(text).toMatch(/held with \[ORG_\d+\]\.\n/);
  });

  it('hides what identifies the people of a tribunal judgment, keeping its numbering', () => {
    const { text } = anonymizeFixture('tribunal-judgment.txt', [
      '2401234/2023',
      'Priya Sharma',
      'Northwind',
      '42-year-old',
      '14/02/2015',
      '30 September 2022',
      'Leeds',
      '34,500',
      '20-00-00',
      '12345678',
      'hr@northwind.co.uk',
      'priya.s1980@gmail.com',
      '0113 496 0123',
      'Tom Baker',
      'AB12 CDE',
      'Oak Avenue',
      'Harrogate',
      'HG1 2AB',
      "O'Neill",
      'Park Row',
      'LS1 5HD',
      'Harris',
      'Michael Johnson',
      '123-45-6789',
      'Pennsylvania Avenue',
      '20500',
    ]);
    const lines = text.split('\n');
    expect(lines.slice(3, 5)).toEqual([
      expect.stringMatching(/^Claimant: \[PERSON_\d+\]$/),
      expect.stringMatching(/^Respondent: \[ORG_\d+\]$/),
    ]);
    expect(lines.slice(6).map((line) => line.slice(0, 3))).toEqual([
      '1. ',
      '2. ',
      '3. ',
      '4. ',
      '5. ',
      '6. ',
      '',
    ]);
  });

  it('gives a party of an American opinion one replacement in capitals, by name and by title', () => {
    const { text } = anonymizeFixture('us-opinion.txt', [
      'JANE',
      'ROE',
      'Jane',
      'Roe',
      'MEGACORP',
      'MegaCorp',
      '1:21-cv-04567-ABC',
      'Brooklyn',
      'March 3, 2021',
      'Robert K. Miller',
      'June 1, 2018',
      '145,000',
      '(212) 555-0187',
      'jroe@example.com',
      'D123-4567-8901',
      'Sullivan & Brooks',
      '125 Broad Street',
      'NY 10004',
      'September 14, 2022',
      'Patricia A. Chen',
    ]);
    const plaintiff = /^(\[PERSON_\d+\]),$/m.exec(text)?.[1] ?? '?';
    expect(text).toContain(`Plaintiff ${plaintiff}, a`);
    expect(text).toContain(`${plaintiff} was hired`);
    const defendant = /^(\[ORG_\d+\]),$/m.exec(text)?.[1] ?? '?';
    expect(text).toContain(`Defendant ${defendant} terminated`);
    // "Hon." is the judge's title, hidden with the name, not a date of its own.
    expect(text.trimEnd().split('\n').at(-1)).toMatch(/^\[PERSON_\d+\], \[LOC_\d+\]$/);
  });

  it('refuses HTML with the message of the spec', () => {
    expect(() => anonymize({ text: '<p>Mr John Smith</p>', mode: 'text' })).toThrow(
      new AnonymizationError('NOT_PLAIN_TEXT'),
    );
    expect(() => anonymize({ text: '<p>x</p>', mode: 'text' })).toThrow(
      'The text is not in plain format',
    );
  });

  it('accepts text with angle brackets that are not markup', () => {
    expect(anonymize({ text: 'If x < y and y > z, see <Annex A>.', mode: 'text' }).text).toBe(
      'If x < y and y > z, see <Annex A>.',
    );
  });
});

describe('anonymize, HTML mode', () => {
  const HTML = [
    '<!DOCTYPE html><html><head><title>Judgment</title><style>p { color: red }</style></head>',
    '<body><h1 class="t">Case of <i>Smith</i> v. Spain</h1>',
    '<!-- Mr John Smith, internal note -->',
    '<p data-x="Mr John Smith">The applicant, Mr <b>John</b> Smith, was born on 3 May 1960 in Madrid.</p>',
    '<p>Mr Smith &amp; his lawyer wrote to <a href="mailto:js@example.org">js@example.org</a>.</p>',
    '<script>var name = "Mr John Smith";</script>',
    '</body></html>',
  ].join('\n');

  it('changes only text nodes: tags, attributes, comments and scripts stay as they were', () => {
    const { text } = anonymize({ text: HTML, mode: 'html' });
    expect(structure(parse(text))).toEqual(structure(parse(HTML)));
    expect(text).toContain('<p data-x="Mr John Smith">');
    expect(text).toContain('<!-- Mr John Smith, internal note -->');
    expect(text).toContain('<script>var name = "Mr John Smith";</script>');
    expect(text).toContain('<a href="mailto:js@example.org">[EMAIL_1]</a>');
  });

  it('catches a name split across inline tags and replaces it once', () => {
    const { text } = anonymize({ text: HTML, mode: 'html' });
    // Most of the name ("Smith") is after the bold part: the placeholder goes there.
    expect(text).toContain(
      'The applicant, <b></b>[PERSON_1], was born on [DATETIME_1] in [LOC_1].',
    );
    expect(text).toContain('<p>[PERSON_1] &amp; his lawyer');
    expect(text).toContain('<i>[PERSON_1]</i>');
    expect(extractText(text).text).not.toContain('Smith');
  });

  it('keeps a name’s markup when the title before it is outside the tag', () => {
    const { text } = anonymize({
      text: '<p>Mr <b>John Smith</b> was born in Oslo.</p>',
      mode: 'html',
    });
    expect(text).toBe('<p><b>[PERSON_1]</b> was born in [LOC_1].</p>');
  });

  it('anonymises fragments as well as whole documents', () => {
    const fragment = '<div><span>Mrs Ana López</span> lives in <b>Madrid</b>.</div>';
    const { text } = anonymize({ text: fragment, mode: 'html' });
    expect(text).toBe('<div><span>[PERSON_1]</span> lives in <b>[LOC_1]</b>.</div>');
    expect(structure(parseFragment(text))).toEqual(structure(parseFragment(fragment)));
  });

  it('keeps Windows line ends in the text nodes it changes', () => {
    const { text } = anonymize({
      text: '<p>Dear Mr John Smith,\r\nthank you.</p>\r\n',
      mode: 'html',
    });
    expect(text).toBe('<p>Dear [PERSON_1],\r\nthank you.</p>\r\n');
  });

  it('escapes replacement text so that it cannot become markup', () => {
    const { text } = anonymize({
      text: '<p>Mr John Smith</p>',
      mode: 'html',
      style: 'mask',
      mask: '<b>x</b>',
    });
    expect(text).toBe('<p>&lt;b&gt;x&lt;/b&gt;</p>');
  });

  it('refuses plain text with the message of the spec', () => {
    expect(() => anonymize({ text: 'Mr John Smith lives in Madrid.', mode: 'html' })).toThrow(
      'The text is not in HTML format',
    );
  });
});
