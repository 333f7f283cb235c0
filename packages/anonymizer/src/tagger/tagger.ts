import { createDocumentContext, type DocumentContext } from './features.js';
import { TAGS, type FeatureWeights, type TaggerType } from './tags.js';
import { createTokenScorer } from './token-scorer.js';
import type { Token } from '../tokenize.js';

export type TaggedToken = { tag: number; margin: number };

/** ALLOWED[previous][tag]: an "I-" tag only continues a B or I of its own type. */
const ALLOWED: readonly (readonly boolean[])[] = TAGS.map((previous) =>
  TAGS.map(
    (tag) => !tag.startsWith('I-') || (previous !== 'O' && previous.slice(2) === tag.slice(2)),
  ),
);

export function predictTags(options: {
  context: DocumentContext;
  weights: FeatureWeights;
  entityBias: number;
}): TaggedToken[] {
  const { context, weights, entityBias } = options;
  const tags: number[] = [];
  const result: TaggedToken[] = [];
  const scores = new Float64Array(TAGS.length);
  const scoreToken = createTokenScorer(context, weights);
  for (let index = 0; index < context.tokens.length; index++) {
    scores.fill(0);
    scoreToken(scores, index, tags);
    const allowed = ALLOWED[tags[index - 1] ?? 0];
    let best = 0;
    let bestScore = -Infinity;
    let secondScore = -Infinity;
    for (let tag = 0; tag < scores.length; tag++) {
      if (!allowed?.[tag]) continue;
      const score = (scores[tag] ?? 0) + (tag === 0 ? 0 : entityBias);
      if (score > bestScore) {
        secondScore = bestScore;
        bestScore = score;
        best = tag;
      } else if (score > secondScore) secondScore = score;
    }
    tags.push(best);
    result.push({ tag: best, margin: bestScore - secondScore });
  }
  return result;
}

export type TaggedSpan = { start: number; end: number; type: TaggerType; margin: number };

/** Joins B/I runs of tokens into character spans; a span's margin is its weakest token's. */
export function tagsToSpans(
  tokens: readonly Token[],
  tagged: readonly TaggedToken[],
): TaggedSpan[] {
  const spans: TaggedSpan[] = [];
  let current: TaggedSpan | undefined;
  tagged.forEach(({ tag, margin }, index) => {
    const name = TAGS[tag] ?? 'O';
    const token = tokens[index];
    if (!token) return;
    if (name.startsWith('I-') && current) {
      current.end = token.end;
      current.margin = Math.min(current.margin, margin);
      return;
    }
    if (current) spans.push(current);
    current = name.startsWith('B-')
      ? { start: token.start, end: token.end, type: name.slice(2) as TaggerType, margin }
      : undefined;
  });
  if (current) spans.push(current);
  return spans;
}

export function tagText(options: {
  text: string;
  tokens: Token[];
  weights: FeatureWeights;
  /** Added to every entity tag's score: above 0 trades precision for recall. */
  entityBias: number;
}): TaggedSpan[] {
  const context = createDocumentContext(options.text, options.tokens);
  return tagsToSpans(
    options.tokens,
    predictTags({ context, weights: options.weights, entityBias: options.entityBias }),
  );
}
