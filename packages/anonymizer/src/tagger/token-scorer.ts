import {
  NEIGHBOURS,
  flagFeatures,
  runFeatures,
  wordFeatures,
  type DocumentContext,
  type Run,
} from './features.js';
import { TAGS, type FeatureWeights } from './tags.js';

const TAG_COUNT = TAGS.length;

/** Adds `values[row … row + TAG_COUNT)` to the scores; a row below 0 is "no weights". */
function addRow(scores: Float64Array, values: Float64Array, row: number): void {
  if (row < 0) return;
  for (let tag = 0; tag < TAG_COUNT; tag++) {
    scores[tag] = (scores[tag] ?? 0) + (values[row + tag] ?? 0);
  }
}

/**
 * Sums of features' weights kept in one array, TAG_COUNT numbers each: a sum is known by its
 * row, −1 when none of its features has weights.
 */
class SumStore {
  private values = new Float64Array(TAG_COUNT * 16);
  private size = 0;

  /** Adds the sum at `row` (from add()) to the scores. */
  addTo(scores: Float64Array, row: number): void {
    addRow(scores, this.values, row);
  }

  add(features: readonly string[], weights: FeatureWeights): number {
    let row = -1;
    for (const feature of features) {
      const featureRow = weights.row(feature);
      if (featureRow < 0) continue;
      if (row < 0) row = this.allocate();
      addRow(this.values.subarray(row, row + TAG_COUNT), weights.values, featureRow);
    }
    return row;
  }

  private allocate(): number {
    const row = this.size * TAG_COUNT;
    this.size++;
    if (this.size * TAG_COUNT > this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    return row;
  }
}

const UNKNOWN = -2;

/**
 * Adds up the weights of every feature of a token, exactly those tokenFeatures() and
 * historyFeatures() name, without building their names: the features of each distinct word,
 * shape triple and run are added up once per document, and two-part features are found by
 * the numbers of their parts in integer tables.
 */
export function createTokenScorer(context: DocumentContext, weights: FeatureWeights) {
  const { tokens, lower, shapes, textIds, distinctCount } = context;
  const { values } = weights;
  const sums = new SumStore();
  const tokenCount = tokens.length;

  // Per neighbour position, the row of the summed word features by the word's number + 1
  // (0 is "no token there").
  const wordSumRows = NEIGHBOURS.map(() => new Int32Array(distinctCount + 1).fill(UNKNOWN));
  const wordSumRow = (position: number, neighbour: number): number => {
    const isInside = neighbour >= 0 && neighbour < tokenCount;
    const slot = isInside ? (textIds[neighbour] ?? -1) + 1 : 0;
    const rows = wordSumRows[position] ?? new Int32Array(0);
    let row = rows[slot] ?? UNKNOWN;
    if (row === UNKNOWN) {
      const offset = NEIGHBOURS[position] ?? 0;
      row = sums.add(wordFeatures(tokens[neighbour]?.text, offset), weights);
      rows[slot] = row;
    }
    return row;
  };

  // Part numbers of each distinct word's lower-cased form and shape, then of each token.
  const distinctLowerIds = new Int32Array(distinctCount).fill(UNKNOWN);
  const distinctShapeIds = new Int32Array(distinctCount);
  textIds.forEach((id, index) => {
    if (distinctLowerIds[id] !== UNKNOWN) return;
    distinctLowerIds[id] = weights.partId(lower[index] ?? '');
    distinctShapeIds[id] = weights.partId(shapes[index] ?? '');
  });
  const lowerIds = textIds.map((id) => distinctLowerIds[id] ?? -1);
  const shapePartIds = textIds.map((id) => distinctShapeIds[id] ?? -1);
  const tagIds = Int32Array.from(TAGS, (tag) => weights.partId(tag));
  const startId = weights.partId('<s>');
  const endId = weights.partId('</s>');
  const previousWordPairs = weights.pairs('pw|w');
  const nextWordPairs = weights.pairs('w|nw');
  const previousTwoPairs = weights.pairs('pw2|pw');
  const tagShapePairs = weights.pairs('pt|s');
  const tagWordPairs = weights.pairs('pt|w');

  // Shape triples by the numbers of their shapes (the shape of the word's text, + 1; 0 is
  // "no token there").
  const shapeNumbers = new Map<string, number>();
  const distinctShapeNumbers = new Int32Array(distinctCount).fill(UNKNOWN);
  textIds.forEach((id, index) => {
    if (distinctShapeNumbers[id] !== UNKNOWN) return;
    const shape = shapes[index] ?? '';
    let number = shapeNumbers.get(shape);
    if (number === undefined) {
      number = shapeNumbers.size + 1;
      shapeNumbers.set(shape, number);
    }
    distinctShapeNumbers[id] = number;
  });
  const shapeBase = shapeNumbers.size + 1;
  const shapeNumber = (index: number): number =>
    index < 0 || index >= tokenCount ? 0 : (distinctShapeNumbers[textIds[index] ?? 0] ?? 0);
  const shapeRows = new Map<number, number>();

  const runRows = new Map<string, number>();
  const runRow = (run: Run): number => {
    let row = runRows.get(run.key);
    if (row === undefined) {
      row = sums.add(runFeatures(run), weights);
      runRows.set(run.key, row);
    }
    return row;
  };
  const flagRows = new Map<number, number>();
  const flagRow = (mask: number): number => {
    let row = flagRows.get(mask);
    if (row === undefined) {
      row = sums.add(flagFeatures(mask), weights);
      flagRows.set(mask, row);
    }
    return row;
  };

  // pt2 rows by previous2 × TAG_COUNT + previous.
  const tagPairRows = Int32Array.from(
    TAGS.flatMap((previous2) =>
      TAGS.map((previous) => weights.row(`pt2=${previous2}|${previous}`)),
    ),
  );
  const previousTagRows = Int32Array.from(TAGS, (tag) => weights.row(`pt=${tag}`));

  const addStaticScores = (scores: Float64Array, index: number): void => {
    for (let position = 0; position < NEIGHBOURS.length; position++) {
      sums.addTo(scores, wordSumRow(position, index + (NEIGHBOURS[position] ?? 0)));
    }
    const wordId = lowerIds[index] ?? -1;
    const previousId = index > 0 ? (lowerIds[index - 1] ?? -1) : startId;
    const nextId = index + 1 < tokenCount ? (lowerIds[index + 1] ?? -1) : endId;
    const previous2Id = index > 1 ? (lowerIds[index - 2] ?? -1) : startId;
    addRow(scores, values, previousWordPairs.get(previousId, wordId));
    addRow(scores, values, nextWordPairs.get(wordId, nextId));
    addRow(scores, values, previousTwoPairs.get(previous2Id, previousId));
    const shapeKey =
      (shapeNumber(index - 1) * shapeBase + shapeNumber(index)) * shapeBase +
      shapeNumber(index + 1);
    let shapeRow = shapeRows.get(shapeKey);
    if (shapeRow === undefined) {
      shapeRow = weights.row(
        `ps|s|ns=${shapes[index - 1] ?? '<s>'}|${shapes[index] ?? ''}|${shapes[index + 1] ?? '</s>'}`,
      );
      shapeRows.set(shapeKey, shapeRow);
    }
    addRow(scores, values, shapeRow);
    const run = context.runs[index];
    if (run) sums.addTo(scores, runRow(run));
    sums.addTo(scores, flagRow(context.flags[index] ?? 0));
  };

  /** Adds token `index`'s feature weights to `scores`, given the tags chosen before it. */
  return (scores: Float64Array, index: number, tags: ArrayLike<number>): void => {
    addStaticScores(scores, index);
    const previousTag = index > 0 ? (tags[index - 1] ?? 0) : 0;
    const previous2Tag = index > 1 ? (tags[index - 2] ?? 0) : 0;
    addRow(scores, values, previousTagRows[previousTag] ?? -1);
    addRow(scores, values, tagPairRows[previous2Tag * TAG_COUNT + previousTag] ?? -1);
    const previousTagId = tagIds[previousTag] ?? -1;
    addRow(scores, values, tagShapePairs.get(previousTagId, shapePartIds[index] ?? -1));
    addRow(scores, values, tagWordPairs.get(previousTagId, lowerIds[index] ?? -1));
  };
}
