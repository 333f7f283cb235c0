/**
 * Trains the tagger on the TAB train documents and writes src/model/tagger-model.json.
 * Run: npx tsx packages/anonymizer/bench/train-tagger.ts [--holdout N] [--out FILE]
 * (--holdout N leaves the last N train documents out, to tune on them.)
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { loadTabDocuments } from '../src/testing/tab.js';
import { trainTagger } from './tagger/train.js';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

const holdout = Number(argument('--holdout') ?? 0);
const out =
  argument('--out') ?? fileURLToPath(new URL('../src/model/tagger-model.json', import.meta.url));
const documents = loadTabDocuments('train');
const model = trainTagger({
  documents: documents.slice(0, documents.length - holdout),
  log: (line) => {
    console.log(line);
  },
});
// Formatted as the repository formats it (printWidth), so `prettier --check` passes.
const prettierOptions = await resolveConfig(out);
writeFileSync(out, await format(JSON.stringify(model), { ...prettierOptions, parser: 'json' }));
console.log(
  `${documents.length - holdout} documents, ${Object.keys(model.weights).length} features → ${out}`,
);
