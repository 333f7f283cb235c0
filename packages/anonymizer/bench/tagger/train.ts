/**
 * Averaged-perceptron training of the tagger (src/tagger), on the tags of the mentions TAB
 * says need masking (DIRECT or QUASI); NO_MASK mentions are left as "O".
 */
import {
  createDocumentContext,
  historyFeatures,
  tokenFeatures,
  type DocumentContext,
} from '../../src/tagger/features.js';
import { TAGS } from '../../src/tagger/tags.js';
import type { TaggerModelFile } from '../../src/tagger/model.js';
import { createRandom } from '@app/engine-kit';
import type { TabDocument } from '../../src/testing/tab.js';
import { tokenize } from '../../src/tokenize.js';

const EPOCHS = 10;
const SEEDS = [7, 11, 13];
const SCALE = 100;
const MIN_WEIGHT = 3;

function goldTags(document: TabDocument, tokens: ReturnType<typeof tokenize>): number[] {
  const tags = tokens.map(() => 0);
  const mentions = document.entities
    .flatMap((entity) => entity.mentions)
    .filter((mention) => mention.needsMasking);
  for (const mention of mentions) {
    let first = true;
    tokens.forEach((token, index) => {
      if (token.start < mention.start || token.end > mention.end) return;
      tags[index] = TAGS.indexOf(`${first ? 'B' : 'I'}-${mention.entityType}`);
      first = false;
    });
  }
  return tags;
}

/** Averaged perceptron with lazy averaging (Daumé's trick: w − u / c). */
class Perceptron {
  readonly weights = new Map<string, Float64Array>();
  private readonly updates = new Map<string, Float64Array>();
  private step = 1;

  score(features: readonly string[]): Float64Array {
    const scores = new Float64Array(TAGS.length);
    for (const feature of features) {
      const row = this.weights.get(feature);
      if (row)
        for (let tag = 0; tag < scores.length; tag++)
          scores[tag] = (scores[tag] ?? 0) + (row[tag] ?? 0);
    }
    return scores;
  }

  update(features: readonly string[], truth: number, guess: number): void {
    for (const feature of features) {
      let row = this.weights.get(feature);
      let update = this.updates.get(feature);
      if (!row || !update) {
        row = new Float64Array(TAGS.length);
        update = new Float64Array(TAGS.length);
        this.weights.set(feature, row);
        this.updates.set(feature, update);
      }
      row[truth] = (row[truth] ?? 0) + 1;
      row[guess] = (row[guess] ?? 0) - 1;
      update[truth] = (update[truth] ?? 0) + this.step;
      update[guess] = (update[guess] ?? 0) - this.step;
    }
  }

  tick(): void {
    this.step++;
  }

  /** The weights averaged over every step of training. */
  averaged(): Map<string, Float64Array> {
    const averages = new Map<string, Float64Array>();
    for (const [feature, row] of this.weights) {
      const update = this.updates.get(feature) ?? new Float64Array(TAGS.length);
      averages.set(
        feature,
        row.map((value, tag) => value - (update[tag] ?? 0) / this.step),
      );
    }
    return averages;
  }
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const shuffled = [...items];
  for (let index = shuffled.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [shuffled[index], shuffled[other]] = [shuffled[other] as T, shuffled[index] as T];
  }
  return shuffled;
}

type TrainingDocument = {
  context: DocumentContext;
  gold: number[];
  features: string[][];
};

function trainPerceptron(options: {
  training: readonly TrainingDocument[];
  epochs: number;
  seed: number;
  log?: (line: string) => void;
}): Map<string, Float64Array> {
  const perceptron = new Perceptron();
  const random = createRandom(options.seed).uniform;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    let errors = 0;
    let total = 0;
    for (const { context, gold, features } of shuffle(options.training, random)) {
      const tags: number[] = [];
      features.forEach((staticFeatures, index) => {
        const all = [...staticFeatures, ...historyFeatures(context, index, tags)];
        const scores = perceptron.score(all);
        let guess = 0;
        for (let tag = 1; tag < scores.length; tag++) {
          if ((scores[tag] ?? 0) > (scores[guess] ?? 0)) guess = tag;
        }
        const truth = gold[index] ?? 0;
        if (guess !== truth) {
          perceptron.update(all, truth, guess);
          errors++;
        }
        perceptron.tick();
        total++;
        tags.push(guess);
      });
    }
    options.log?.(
      `seed ${options.seed}, epoch ${epoch + 1}: ${((100 * errors) / total).toFixed(2)} % tokens wrong`,
    );
  }
  return perceptron.averaged();
}

/**
 * Trains one perceptron per seed (each sees the documents in its own order) and averages
 * them: one order's luck moves the scores by about a point, the average much less.
 */
export function trainTagger(options: {
  documents: readonly TabDocument[];
  epochs?: number;
  seeds?: readonly number[];
  log?: (line: string) => void;
}): TaggerModelFile {
  const training = options.documents.map((document) => {
    const tokens = tokenize(document.text);
    const context = createDocumentContext(document.text, tokens);
    return {
      context,
      gold: goldTags(document, tokens),
      features: tokens.map((_, index) => tokenFeatures(context, index)),
    };
  });
  const seeds = options.seeds ?? SEEDS;
  const sums = new Map<string, Float64Array>();
  for (const seed of seeds) {
    const averages = trainPerceptron({
      training,
      epochs: options.epochs ?? EPOCHS,
      seed,
      log: options.log,
    });
    for (const [feature, row] of averages) {
      const sum = sums.get(feature) ?? new Float64Array(TAGS.length);
      row.forEach((value, tag) => {
        sum[tag] = (sum[tag] ?? 0) + value / seeds.length;
      });
      sums.set(feature, sum);
    }
  }
  const weights: Record<string, number[]> = {};
  for (const [feature, row] of sums) {
    const pairs: number[] = [];
    row.forEach((value, tag) => {
      const scaled = Math.round(value * SCALE);
      if (Math.abs(scaled) >= MIN_WEIGHT) pairs.push(tag, scaled);
    });
    if (pairs.length > 0) weights[feature] = pairs;
  }
  return { version: 1, scale: SCALE, tags: [...TAGS], weights };
}
