import { createDocumentContext, type DocumentContext } from './features.js';
import { TAGS, type FeatureWeights, type TaggerType } from './tags.js';
import { createTokenScorer } from './token-scorer.js';
import type { Token } from '../tokenize.js';

/** Per token, its tag and how far the tag's score is ahead of the next best. */
export type TaggedTokens = { tags: Int32Array; margins: Float64Array };

const TAG_COUNT = TAGS.length;

/** ALLOWED[previous × TAG_COUNT + tag]: an "I-" tag only continues a B or I of its own type. */
const ALLOWED = Uint8Array.from(
  TAGS.flatMap((previous) =>
    TAGS.map((tag) =>
      !tag.startsWith('I-') || (previous !== 'O' && previous.slice(2) === tag.slice(2)) ? 1 : 0,
    ),
  ),
);

export function predictTags(options: {
  context: DocumentContext;
  weights: FeatureWeights;
  entityBias: number;
}): TaggedTokens {
  const { context, weights, entityBias } = options;
  const count = context.tokens.length;
  const tags = new Int32Array(count);
  const margins = new Float64Array(count);
  const scores = new Float64Array(TAG_COUNT);
  const scoreToken = createTokenScorer(context, weights);
  for (let index = 0; index < count; index++) {
    scores.fill(0);
    scoreToken(scores, index, tags);
    const allowed = (index > 0 ? (tags[index - 1] ?? 0) : 0) * TAG_COUNT;
    let best = 0;
    let bestScore = -Infinity;
    let secondScore = -Infinity;
    for (let tag = 0; tag < TAG_COUNT; tag++) {
      if (ALLOWED[allowed + tag] === 0) continue;
      const score = (scores[tag] ?? 0) + (tag === 0 ? 0 : entityBias);
      if (score > bestScore) {
        secondScore = bestScore;
        bestScore = score;
        best = tag;
      } else if (score > secondScore) secondScore = score;
    }
    tags[index] = best;
    margins[index] = bestScore - secondScore;
  }
  return { tags, margins };
}

export type TaggedSpan = { start: number; end: number; type: TaggerType; margin: number };

/** Joins B/I runs of tokens into character spans; a span's margin is its weakest token's. */
export function tagsToSpans(tokens: readonly Token[], tagged: TaggedTokens): TaggedSpan[] {
  const spans: TaggedSpan[] = [];
  let current: TaggedSpan | undefined;
  tagged.tags.forEach((tag, index) => {
    const margin = tagged.margins[index] ?? 0;
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
