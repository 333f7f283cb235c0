import { NEIGHBOURS, wordFeatures, type DocumentContext } from './features.js';
import { TAGS, type FeatureWeights } from './tags.js';

const TAG_COUNT = TAGS.length;

function sumWeights(features: readonly string[], weights: FeatureWeights): Float64Array | null {
  let sum: Float64Array | null = null;
  for (const feature of features) {
    const row = weights.get(feature);
    if (!row) continue;
    sum ??= new Float64Array(TAG_COUNT);
    for (let tag = 0; tag < TAG_COUNT; tag++) sum[tag] = (sum[tag] ?? 0) + (row[tag] ?? 0);
  }
  return sum;
}

/** Numbers for strings, equal strings getting equal numbers, so caches can key on numbers. */
function numberStrings(values: readonly string[]): { ids: Int32Array; count: number } {
  const numbers = new Map<string, number>();
  const ids = new Int32Array(values.length);
  values.forEach((value, index) => {
    let id = numbers.get(value);
    if (id === undefined) {
      id = numbers.size;
      numbers.set(value, id);
    }
    ids[index] = id;
  });
  return { ids, count: numbers.size };
}

function add(scores: Float64Array, row: Float64Array | null | undefined): void {
  if (!row) return;
  for (let tag = 0; tag < TAG_COUNT; tag++) scores[tag] = (scores[tag] ?? 0) + (row[tag] ?? 0);
}

/**
 * Adds up the weights of every feature of a token, exactly those tokenFeatures() and
 * historyFeatures() name, but each distinct word, pair or tag combination is looked up once
 * per document: looking up every feature by its name was most of the tagging time.
 */
export function createTokenScorer(context: DocumentContext, weights: FeatureWeights) {
  const { tokens, lower, shapes } = context;
  const texts = numberStrings(tokens.map((token) => token.text));
  const shapeIds = numberStrings(shapes);
  // Keys of shape triples, built pairwise: (first + 1) × (count + 1) + second + 1, where −1
  // is "no token there".
  const shapeId = (index: number): number =>
    index < 0 || index >= tokens.length ? -1 : (shapeIds.ids[index] ?? -1);
  const pairKey = (first: number, second: number, count: number): number =>
    (first + 1) * (count + 1) + second + 1;

  // Per neighbour position, the summed word features by the word's number (+ 1; 0 is "none").
  const neighbourSums = NEIGHBOURS.map(
    () => new Array<Float64Array | null | undefined>(texts.count + 1),
  );
  const partIdOf = (part: string): number => weights.partId(part);
  const lowerIds = lower.map(partIdOf);
  const shapePartIds = shapes.map(partIdOf);
  const tagIds = TAGS.map(partIdOf);
  const startId = weights.partId('<s>');
  const endId = weights.partId('</s>');
  const pair = (
    name: string,
    parts: { first: string; firstId: number; second: string; secondId: number },
  ) => {
    if (parts.firstId >= 0 && parts.secondId >= 0) {
      return weights.getPair(name, parts.firstId, parts.secondId);
    }
    // A part without a number is in no two-part feature, unless it is itself "|": those
    // features are found by their whole name.
    if (parts.first.includes('|') || parts.second.includes('|')) {
      return weights.get(`${name}=${parts.first}|${parts.second}`);
    }
    return undefined;
  };
  const shapeSums = new Map<number, Float64Array | undefined>();
  const runSums = new Map<object, Float64Array | null>();
  // pt2 rows by previous2 × TAG_COUNT + previous.
  const tagPairRows = TAGS.flatMap((previous2) =>
    TAGS.map((previous) => weights.get(`pt2=${previous2}|${previous}`)),
  );
  const lineStart = weights.get('line-start');
  const seenLower = weights.get('seen-lower');
  const previousTagRows = TAGS.map((tag) => weights.get(`pt=${tag}`));
  const staticScores = new Float64Array(TAG_COUNT);

  const addStaticScores = (index: number): void => {
    for (let position = 0; position < NEIGHBOURS.length; position++) {
      const offset = NEIGHBOURS[position] ?? 0;
      const neighbour = index + offset;
      const isInside = neighbour >= 0 && neighbour < tokens.length;
      const slot = isInside ? (texts.ids[neighbour] ?? -1) + 1 : 0;
      const sums = neighbourSums[position] ?? [];
      let sum = sums[slot];
      if (sum === undefined) {
        sum = sumWeights(wordFeatures(tokens[neighbour]?.text, offset), weights);
        sums[slot] = sum;
      }
      add(staticScores, sum);
    }
    const word = lower[index] ?? '';
    const wordId = lowerIds[index] ?? -1;
    const previous = index > 0 ? (lower[index - 1] ?? '') : '<s>';
    const previousId = index > 0 ? (lowerIds[index - 1] ?? -1) : startId;
    const next = index + 1 < tokens.length ? (lower[index + 1] ?? '') : '</s>';
    const nextId = index + 1 < tokens.length ? (lowerIds[index + 1] ?? -1) : endId;
    const previous2 = index > 1 ? (lower[index - 2] ?? '') : '<s>';
    const previous2Id = index > 1 ? (lowerIds[index - 2] ?? -1) : startId;
    add(
      staticScores,
      pair('pw|w', { first: previous, firstId: previousId, second: word, secondId: wordId }),
    );
    add(
      staticScores,
      pair('w|nw', { first: word, firstId: wordId, second: next, secondId: nextId }),
    );
    add(
      staticScores,
      pair('pw2|pw', {
        first: previous2,
        firstId: previous2Id,
        second: previous,
        secondId: previousId,
      }),
    );
    const shapeKey = pairKey(
      pairKey(shapeId(index - 1), shapeId(index), shapeIds.count),
      shapeId(index + 1),
      shapeIds.count,
    );
    let shapeSum = shapeSums.get(shapeKey);
    if (shapeSum === undefined) {
      shapeSum = weights.get(
        `ps|s|ns=${shapes[index - 1] ?? '<s>'}|${shapes[index] ?? ''}|${shapes[index + 1] ?? '</s>'}`,
      );
      shapeSums.set(shapeKey, shapeSum);
    }
    add(staticScores, shapeSum);
    if (context.startsLine[index]) add(staticScores, lineStart);
    const run = context.runs[index];
    if (run) {
      let sum = runSums.get(run);
      if (sum === undefined) {
        sum = sumWeights(
          [`run-last=${run.last}`, `run-first=${run.first}`, `run-length=${run.length}`],
          weights,
        );
        runSums.set(run, sum);
      }
      add(staticScores, sum);
    }
    if ((shapes[index] ?? '').startsWith('X') && context.lowerCaseWords.has(word)) {
      add(staticScores, seenLower);
    }
  };

  return (scores: Float64Array, index: number, tags: readonly number[]): void => {
    staticScores.fill(0);
    addStaticScores(index);
    add(scores, staticScores);
    const previousTag = tags[index - 1] ?? 0;
    const previous2Tag = tags[index - 2] ?? 0;
    const previousName = TAGS[previousTag] ?? 'O';
    add(scores, previousTagRows[previousTag]);
    add(scores, tagPairRows[previous2Tag * TAG_COUNT + previousTag]);
    const previousTagId = tagIds[previousTag] ?? -1;
    const shape = shapes[index] ?? '';
    add(
      scores,
      pair('pt|s', {
        first: previousName,
        firstId: previousTagId,
        second: shape,
        secondId: shapePartIds[index] ?? -1,
      }),
    );
    add(
      scores,
      pair('pt|w', {
        first: previousName,
        firstId: previousTagId,
        second: lower[index] ?? '',
        secondId: lowerIds[index] ?? -1,
      }),
    );
  };
}
