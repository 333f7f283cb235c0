import type { Span } from '../types.js';

/** Occupations, in the singular. */
const OCCUPATIONS = [
  'accountant actor actress administrator advocate agent agronomist analyst architect artist',
  'assistant attorney auditor baker banker barber barrister bookkeeper builder businessman',
  'businesswoman butcher captain carpenter cashier chef chemist cleaner clerk coach colonel',
  'commander conductor conscript consultant cook correspondent councillor courier craftsman',
  'dancer dentist deputy designer detective director doctor driver economist editor',
  'electrician employee engineer entrepreneur farmer firefighter fisherman gardener guard',
  'hairdresser headmaster historian housewife imam inspector instructor interpreter investor',
  'janitor journalist judge labourer laborer landlord lawyer lecturer librarian lieutenant',
  'locksmith manager mason mayor mechanic merchant midwife miner musician notary nurse officer',
  'official operator painter paramedic pensioner pharmacist photographer physician',
  'physiotherapist pilot plumber poet policeman policewoman politician porter postman preacher',
  'priest principal professor programmer prosecutor psychiatrist psychologist publisher rabbi',
  'receptionist reporter researcher retiree sailor salesman scientist secretary sergeant',
  'servant shepherd shopkeeper singer soldier solicitor student supervisor surgeon surveyor',
  'tailor teacher technician trader translator treasurer tutor typist vendor veterinarian',
  'waiter waitress welder worker writer',
]
  .join(' ')
  .split(' ');

/**
 * What someone is or works as: "the applicant, who is a lawyer", "worked as a primary school
 * teacher", "was a retired non-commissioned officer". Up to two words before the occupation
 * belong to it; "a lawyer practising in …" (a representative, not a party) does not match.
 */
const OCCUPATION = new RegExp(
  `\\b(?:(?:is|was|were|as)\\s+an?|the applicant,\\s+(?:an?|who (?:is|was) an?))\\s+((?:[a-z]+(?:[-‑][a-z]+)*\\s+){0,2}(?:${OCCUPATIONS.join('|')})s?)\\b`,
  'g',
);

/** A nationality in "by a Turkish national", "is a Polish national", "are two Greek nationals". */
const NATIONALITY =
  /\b(?:by|is|was|are|were) (?:an?|two|three|four) ((?:\p{Lu}[\p{L}-]+ )?\p{Lu}[\p{L}-]+) nationals?\b/gu;

const NUMBER =
  '(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?(?: and a half)?';
const DURATION = `${NUMBER}[- ](?:years?|months?|days?|weeks?)`;
const DURATIONS = `${DURATION}(?:,? and ${DURATION})?`;

/** A sentence: "sentenced him to three years and nine months", "two years’ imprisonment". */
const PRISON_TERM = new RegExp(
  `\\b(${DURATIONS})(?:['’]s?)?(?= (?:suspended )?(?:imprisonment|prison|detention|custodial|of imprisonment))|\\bsentenced (?:him|her|them|the applicants?) to (${DURATIONS})`,
  'gi',
);

function spansOf(text: string, pattern: RegExp, label: Span['label']): Span[] {
  return Array.from(text.matchAll(pattern), (match) => {
    const value = match[1] ?? match[2] ?? '';
    const start = match.index + match[0].indexOf(value);
    return { start, end: start + value.length, label, confidence: 0.6 };
  });
}

/**
 * Attributes of a person found by how a text states them: occupation, nationality and prison
 * sentences. Each stands for itself: the same words elsewhere are not the person's.
 */
export function findAttributes(text: string): Span[] {
  return [
    ...spansOf(text, OCCUPATION, 'DEM'),
    ...spansOf(text, NATIONALITY, 'DEM'),
    ...spansOf(text, PRISON_TERM, 'DATETIME'),
  ];
}
