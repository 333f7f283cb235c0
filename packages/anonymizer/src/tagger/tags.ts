/** The entity types the tagger learnt from the TAB annotations. */
export const TAGGER_TYPES = [
  'PERSON',
  'ORG',
  'LOC',
  'DATETIME',
  'DEM',
  'QUANTITY',
  'MISC',
  'CODE',
] as const;
export type TaggerType = (typeof TAGGER_TYPES)[number];

/** BIO tags: "O", then "B-" and "I-" of each type. */
export const TAGS: readonly string[] = [
  'O',
  ...TAGGER_TYPES.flatMap((type) => [`B-${type}`, `I-${type}`]),
];

/** The weights of the features, one per tag. */
export type FeatureWeights = {
  /** By the feature's whole name ("w=smith"). */
  get(feature: string): Float64Array | undefined;
  /** The number of a part of two-part features ("mr" of "pw|w=mr|smith"), −1 if none has it. */
  partId(part: string): number;
  /** A two-part feature by the numbers of its parts, without building its name. */
  getPair(name: string, firstId: number, secondId: number): Float64Array | undefined;
};
