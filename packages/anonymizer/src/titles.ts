/** Titles before a person's name, as written without their full stop ("Mr", "Hon."). */
export const PERSON_TITLES = [
  'Mr',
  'Mrs',
  'Ms',
  'Miss',
  'Dr',
  'Prof',
  'Judge',
  'Sir',
  'Lady',
  'Lord',
  'Hon',
] as const;

/** A title at the start of a mention, with its full stop and the space after it. */
export const LEADING_TITLE = new RegExp(`^(?:${PERSON_TITLES.join('|')})\\.?\\s+`, 'u');
