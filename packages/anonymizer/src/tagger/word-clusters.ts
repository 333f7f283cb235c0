import { readFileSync } from 'node:fs';

/** How many groups each level of the cluster tree splits into (bench/word-clusters.ts). */
export const CLUSTER_BRANCHING = [64, 4, 4] as const;

/** The leaf of each known lower-case word; a leaf number is its path down the tree. */
export type WordClusters = ReadonlyMap<string, number>;

/** Reads the clusters file: one line per leaf, "leaf<TAB>word word …". */
export function parseWordClusters(text: string): WordClusters {
  const clusters = new Map<string, number>();
  for (const line of text.split('\n')) {
    const [leaf, members] = line.split('\t');
    if (leaf === undefined || members === undefined) continue;
    for (const word of members.split(' ')) clusters.set(word, Number(leaf));
  }
  return clusters;
}

/**
 * The word's groups at each level of the tree, coarsest first ("c64=12", "c256=49",
 * "c1024=197"), or "c=none" for a word the clusters do not know (often a name).
 */
export function clusterFeatures(clusters: WordClusters, lowerWord: string): string[] {
  const leaf = clusters.get(lowerWord);
  if (leaf === undefined) return ['c=none'];
  const features: string[] = [];
  let groups = CLUSTER_BRANCHING.reduce((product, size) => product * size, 1);
  let divisor = 1;
  for (const branching of [...CLUSTER_BRANCHING].reverse()) {
    features.unshift(`c${groups}=${Math.floor(leaf / divisor)}`);
    groups /= branching;
    divisor *= branching;
  }
  return features;
}

const CLUSTERS_URL = new URL('../model/word-clusters.txt', import.meta.url);

let loaded: WordClusters | undefined;

/** The committed clusters (src/model/word-clusters.txt), read once. */
export function getWordClusters(): WordClusters {
  loaded ??= parseWordClusters(readFileSync(CLUSTERS_URL, 'utf8'));
  return loaded;
}
