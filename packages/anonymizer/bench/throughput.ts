/**
 * Speed on one core: a judgment of about 600 KB (TAB train texts joined, so real legal
 * prose) anonymised in text and HTML mode, and the detector alone, best of several runs.
 * Run: npx tsx packages/anonymizer/bench/throughput.ts
 */
import { availableParallelism, loadavg } from 'node:os';
import { anonymize } from '../src/anonymize.js';
import { detect } from '../src/detection/detect.js';
import { loadTabDocuments } from '../src/testing/tab.js';

const TARGET_SIZE = 600_000;
const RUNS = 5;

function buildJudgment(): string {
  const texts = loadTabDocuments('train').map((document) => document.text);
  let judgment = '';
  for (let index = 0; judgment.length < TARGET_SIZE; index++) {
    judgment += `${texts[index % texts.length] ?? ''}\n\n`;
  }
  return judgment;
}

function bestSeconds(run: () => void): number {
  let best = Infinity;
  for (let attempt = 0; attempt < RUNS; attempt++) {
    const started = performance.now();
    run();
    best = Math.min(best, (performance.now() - started) / 1000);
  }
  return best;
}

const judgment = buildJudgment();
const html = `<!DOCTYPE html><html><body>${judgment
  .split('\n\n')
  .map((paragraph) => `<p>${paragraph.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`)
  .join('\n')}</body></html>`;
const megabytes = (text: string): number => Buffer.byteLength(text) / 1_000_000;

const rows = [
  { task: 'detect (text)', input: judgment, run: () => detect(judgment) },
  {
    task: 'anonymize --mode text',
    input: judgment,
    run: () => anonymize({ text: judgment, mode: 'text' }),
  },
  {
    task: 'anonymize --mode html',
    input: html,
    run: () => anonymize({ text: html, mode: 'html' }),
  },
].map(({ task, input, run }) => {
  const seconds = bestSeconds(run);
  return {
    task,
    'size (MB)': Number(megabytes(input).toFixed(2)),
    'time (s)': Number(seconds.toFixed(3)),
    'MB/s': Number((megabytes(input) / seconds).toFixed(2)),
  };
});
console.log(
  `One judgment of ${judgment.length.toLocaleString('en')} characters, best of ${RUNS} runs ` +
    `(load average ${loadavg()[0]?.toFixed(1) ?? '?'} on ${availableParallelism()} cores)`,
);
console.table(rows);
