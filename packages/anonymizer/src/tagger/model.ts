import { readFileSync } from 'node:fs';
import { PairTable } from './pair-table.js';
import { TAGS, type FeatureWeights } from './tags.js';

/** The committed model: per feature, pairs of (tag index, weight × scale). */
export type TaggerModelFile = {
  version: 1;
  scale: number;
  tags: string[];
  weights: Record<string, number[]>;
};

const NO_PAIRS = new PairTable([]);

/**
 * The two parts of a two-part feature's value ("mr|smith"), or undefined for one of another
 * kind. No part holds "|" but the token "|" itself, so "||smith" is ("|", "smith").
 */
export function splitPair(value: string): [string, string] | undefined {
  if (value === '|||') return ['|', '|'];
  if (value.startsWith('||')) return value.includes('|', 2) ? undefined : ['|', value.slice(2)];
  if (value.endsWith('||')) {
    const first = value.slice(0, -2);
    return first.includes('|') ? undefined : [first, '|'];
  }
  const parts = value.split('|');
  return parts.length === 2 ? [parts[0] ?? '', parts[1] ?? ''] : undefined;
}

export function createFeatureWeights(model: TaggerModelFile): FeatureWeights {
  if (model.tags.join() !== TAGS.join()) throw new Error('The tagger model has other tags.');
  const features = Object.keys(model.weights);
  const values = new Float64Array(features.length * TAGS.length);
  const rows = new Map<string, number>();
  const partIds = new Map<string, number>();
  const partId = (part: string): number => {
    let id = partIds.get(part);
    if (id === undefined) {
      id = partIds.size;
      partIds.set(part, id);
    }
    return id;
  };
  const pairEntries = new Map<string, [number, number, number][]>();
  features.forEach((feature, index) => {
    const row = index * TAGS.length;
    const weights = model.weights[feature] ?? [];
    for (let pair = 0; pair + 1 < weights.length; pair += 2) {
      values[row + (weights[pair] ?? 0)] = (weights[pair + 1] ?? 0) / model.scale;
    }
    rows.set(feature, row);
    const separator = feature.indexOf('=');
    const parts = splitPair(feature.slice(separator + 1));
    if (!parts) return;
    const [first, second] = parts;
    const name = feature.slice(0, separator);
    let entries = pairEntries.get(name);
    if (!entries) {
      entries = [];
      pairEntries.set(name, entries);
    }
    entries.push([partId(first), partId(second), row]);
  });
  const pairTables = new Map(
    [...pairEntries].map(([name, entries]) => [name, new PairTable(entries)]),
  );
  return {
    values,
    row: (feature) => rows.get(feature) ?? -1,
    partId: (part) => partIds.get(part) ?? -1,
    pairs: (name) => pairTables.get(name) ?? NO_PAIRS,
  };
}

export const MODEL_URL = new URL('../model/tagger-model.json', import.meta.url);

let loaded: FeatureWeights | undefined;

/** The tagger trained on the TAB train documents (bench/train-tagger.ts), read once. */
export function getDefaultWeights(): FeatureWeights {
  loaded ??= createFeatureWeights(JSON.parse(readFileSync(MODEL_URL, 'utf8')) as TaggerModelFile);
  return loaded;
}
