import { readFileSync } from 'node:fs';
import { TAGS, type FeatureWeights } from './tags.js';

/** The committed model: per feature, pairs of (tag index, weight × scale). */
export type TaggerModelFile = {
  version: 1;
  scale: number;
  tags: string[];
  weights: Record<string, number[]>;
};

export function createFeatureWeights(model: TaggerModelFile): FeatureWeights {
  if (model.tags.join() !== TAGS.join()) throw new Error('The tagger model has other tags.');
  const rows = new Map<string, Float64Array>();
  const pairs: { name: string; first: string; second: string; row: Float64Array }[] = [];
  for (const [feature, weights] of Object.entries(model.weights)) {
    const row = new Float64Array(TAGS.length);
    for (let index = 0; index + 1 < weights.length; index += 2) {
      row[weights[index] ?? 0] = (weights[index + 1] ?? 0) / model.scale;
    }
    rows.set(feature, row);
    const separator = feature.indexOf('=');
    const parts = feature.slice(separator + 1).split('|');
    const [first, second] = parts;
    // A part that is itself "|" cannot be split back: such features keep their name only.
    if (parts.length !== 2 || first === undefined || second === undefined) continue;
    pairs.push({ name: feature.slice(0, separator), first, second, row });
  }
  const partIds = new Map<string, number>();
  const partId = (part: string): number => {
    let id = partIds.get(part);
    if (id === undefined) {
      id = partIds.size;
      partIds.set(part, id);
    }
    return id;
  };
  const pairRows = new Map<string, Map<number, Float64Array>>();
  for (const { name, first, second } of pairs) {
    partId(first);
    partId(second);
    if (!pairRows.has(name)) pairRows.set(name, new Map());
  }
  for (const { name, first, second, row } of pairs) {
    pairRows.get(name)?.set(partId(first) * partIds.size + partId(second), row);
  }
  const partCount = partIds.size;
  return {
    get: (feature) => rows.get(feature),
    partId: (part) => partIds.get(part) ?? -1,
    getPair: (name, firstId, secondId) => pairRows.get(name)?.get(firstId * partCount + secondId),
  };
}

export const MODEL_URL = new URL('../model/tagger-model.json', import.meta.url);

let loaded: FeatureWeights | undefined;

/** The tagger trained on the TAB train documents (bench/train-tagger.ts), read once. */
export function getDefaultWeights(): FeatureWeights {
  loaded ??= createFeatureWeights(JSON.parse(readFileSync(MODEL_URL, 'utf8')) as TaggerModelFile);
  return loaded;
}
