import type { Span } from '../types.js';

/**
 * Words the names of a State's public bodies are made of ("Supreme Administrative Court",
 * "Ministry of Justice", "8th Chamber"). A body named by these alone is the same in every
 * case of its country and tells nothing about the people in it; one named after a place
 * ("Istanbul State Security Court") or a person does, and is kept.
 */
const INSTITUTION_WORDS = new Set(
  [
    // Courts and their parts
    'court courts tribunal tribunals cassation appeal appeals assize magistrates magistrate',
    'supreme constitutional administrative high regional district criminal civil military',
    'martial labour labor social commercial family juvenile chamber division section bench',
    'grand first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth',
    '1st 2nd 3rd 4th 5th 6th 7th 8th 9th 10th 11th 12th 13th 14th instance',
    // Government, administration and their officers
    'government governments state states federal national public general central local',
    'ministry ministries minister ministers cabinet council councils parliament assembly',
    'senate presidency president prime deputy vice chief principal head',
    'office offices directorate department board authority authorities agency service',
    'services fund committee commission inspectorate inspector registry registrar clerk',
    'bureau unit branch centre center institute headquarters command prosecutor prosecutors',
    'prosecution procurator attorney governor governorship mayor mayoralty prefect prefecture',
    'municipality municipal city provincial province treasury university bar association',
    // Fields of government
    'justice interior foreign affairs defence defense health finance tax revenue land',
    'education higher science culture employment welfare insurance security police',
    'gendarmerie army forces armed navy air prison prisons penitentiary human rights legal',
    'economy economic trade industry industrial agriculture environment transport',
    // States as such
    'republic kingdom federation confederation principality duchy european europe union',
  ]
    .join(' ')
    .split(' '),
);

/** Countries of the Council of Europe and others often before the Court, with their adjective. */
const COUNTRIES: Record<string, string> = {
  albania: 'albanian',
  andorra: 'andorran',
  armenia: 'armenian',
  austria: 'austrian',
  azerbaijan: 'azerbaijani',
  belgium: 'belgian',
  bosnia: 'bosnian',
  bulgaria: 'bulgarian',
  croatia: 'croatian',
  cyprus: 'cypriot',
  czechia: 'czech',
  denmark: 'danish',
  estonia: 'estonian',
  finland: 'finnish',
  france: 'french',
  georgia: 'georgian',
  germany: 'german',
  greece: 'greek',
  hungary: 'hungarian',
  iceland: 'icelandic',
  ireland: 'irish',
  italy: 'italian',
  latvia: 'latvian',
  liechtenstein: 'liechtenstein',
  lithuania: 'lithuanian',
  luxembourg: 'luxembourgish',
  malta: 'maltese',
  moldova: 'moldovan',
  monaco: 'monegasque',
  montenegro: 'montenegrin',
  netherlands: 'dutch',
  macedonia: 'macedonian',
  norway: 'norwegian',
  poland: 'polish',
  portugal: 'portuguese',
  romania: 'romanian',
  russia: 'russian',
  serbia: 'serbian',
  slovakia: 'slovak',
  slovenia: 'slovenian',
  spain: 'spanish',
  sweden: 'swedish',
  switzerland: 'swiss',
  turkey: 'turkish',
  ukraine: 'ukrainian',
};
const COUNTRY_WORDS = new Set([
  ...Object.keys(COUNTRIES),
  ...Object.values(COUNTRIES),
  'united',
  'britain',
  'british',
  'england',
  'english',
  'scotland',
  'scottish',
  'wales',
  'welsh',
  'great',
  'northern',
  'san',
  'marino',
  'herzegovina',
]);
const FUNCTION_WORDS = new Set(['the', 'of', 'and', 'for', 'in', 'at', 'on', 'a', 'an']);

const WORD = /[\p{L}\p{N}]+/gu;

function wordsOf(text: string, span: Span): string[] {
  return Array.from(text.slice(span.start, span.end).matchAll(WORD), (match) =>
    match[0].toLowerCase(),
  );
}

const isGeneric = (word: string): boolean =>
  INSTITUTION_WORDS.has(word) || COUNTRY_WORDS.has(word) || FUNCTION_WORDS.has(word);

/**
 * The words that name the respondent State of a judgment of the European Court of Human
 * Rights ("… against the Republic of Turkey lodged with the Court …") with its adjective;
 * undefined when the text does not open like one.
 */
export function findRespondentState(text: string): Set<string> | undefined {
  const opening =
    /\bagainst (?:the )?((?:(?:Federal )?Republic|Kingdom|Principality|Grand Duchy|Russian Federation) of )?(?:the )?(\p{Lu}[\p{L}-]*(?: \p{Lu}[\p{L}-]*)*?)(?: of Great Britain and Northern Ireland)? lodged\b/u.exec(
      text.slice(0, 2000),
    );
  if (!opening) return undefined;
  const words = new Set(Array.from(opening[0].matchAll(WORD), (match) => match[0].toLowerCase()));
  words.delete('against');
  words.delete('lodged');
  for (const word of [...words]) {
    const adjective = COUNTRIES[word];
    if (adjective) words.add(adjective);
  }
  if (words.has('united') && words.has('kingdom')) words.add('british');
  return words;
}

/**
 * Leaves out what names only a public body of a State or the State itself: an organisation
 * made of institution and country words ("Turkish Government", "Court of Cassation"), any
 * finding made of institution words alone ("the Board"), and the respondent State of a
 * judgment wherever it is named ("Norway", "the Norwegian Government").
 */
export function dropPublicBodies(text: string, spans: readonly Span[]): Span[] {
  const respondent = findRespondentState(text);
  return spans.filter((span) => {
    const words = wordsOf(text, span);
    if (words.length === 0) return true;
    if (words.every(isGeneric)) {
      if (span.label === 'ORG') return false;
      if (words.some((word) => INSTITUTION_WORDS.has(word) && !FUNCTION_WORDS.has(word))) {
        return false;
      }
    }
    if (respondent && words.some((word) => respondent.has(word))) {
      return !words.every((word) => respondent.has(word) || isGeneric(word));
    }
    return true;
  });
}
