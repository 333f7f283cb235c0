import { TAGGER_TYPES } from '../types.js';

export type TaggerType = (typeof TAGGER_TYPES)[number];

/** BIO tags: "O", then "B-" and "I-" of each type. */
export const TAGS: readonly string[] = [
  'O',
  ...TAGGER_TYPES.flatMap((type) => [`B-${type}`, `I-${type}`]),
];

/** A table of pairs of numbers (src/tagger/pair-table.ts). */
export type PairLookup = { get(first: number, second: number): number };

/**
 * The weights of the features: TAGS.length numbers per feature in one array, a feature being
 * known by the offset of its row there.
 */
export type FeatureWeights = {
  values: Float64Array;
  /** The row of a feature by its whole name ("w=smith"), −1 if it has no weights. */
  row(feature: string): number;
  /** The number of a part of two-part features ("mr" of "pw|w=mr|smith"), −1 if none has it. */
  partId(part: string): number;
  /** The rows of the two-part features of one name ("pw|w"), by the numbers of their parts. */
  pairs(name: string): PairLookup;
};
