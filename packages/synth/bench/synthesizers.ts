import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import {
  fitSynthesizer,
  writeRows,
  type AlgorithmName,
  type SyntheticValue,
} from '../src/synthesizers/index.js';
import { readCsvTable, type TableSchema } from '../src/table.js';
import { evalDataPath } from '@app/engine-kit/testing';

const INTEGER_COLUMNS = new Set([
  'age',
  'fnlwgt',
  'education-num',
  'capital-gain',
  'capital-loss',
  'hours-per-week',
]);
const ROWS = 1_000_000;
const QUALITY_ROWS = 32_561;

const table = readCsvTable(readFileSync(evalDataPath('synth', 'adult.csv'), 'utf8'));
const schema: TableSchema = {
  primaryKey: null,
  columns: table.columns.map((name) =>
    INTEGER_COLUMNS.has(name)
      ? { name, kind: 'numerical', isInteger: true }
      : { name, kind: 'categorical' },
  ),
};
const numeric = table.columns.map((name) => INTEGER_COLUMNS.has(name));

function pearson(rows: SyntheticValue[][], a: number, b: number): number {
  let n = 0;
  let sa = 0;
  let sb = 0;
  let saa = 0;
  let sbb = 0;
  let sab = 0;
  for (const row of rows) {
    const x = Number(row[a]);
    const y = Number(row[b]);
    n++;
    sa += x;
    sb += y;
    saa += x * x;
    sbb += y * y;
    sab += x * y;
  }
  return (sab - (sa * sb) / n) / Math.sqrt((saa - (sa * sa) / n) * (sbb - (sb * sb) / n));
}

/** Numerical columns are cut into deciles of the real data so mixed pairs get a Cramér's V too. */
function createBinner(column: number): (value: SyntheticValue) => string {
  if (!numeric[column]) return (value) => String(value);
  const sorted = table.rows.map((row) => Number(row[column])).sort((x, y) => x - y);
  const cuts = Array.from(
    { length: 9 },
    (_, i) => sorted[Math.floor(((i + 1) * sorted.length) / 10)] ?? 0,
  );
  return (value) => String(cuts.filter((cut) => Number(value) > cut).length);
}

function cramersV(rows: SyntheticValue[][], a: number, b: number): number {
  const binA = createBinner(a);
  const binB = createBinner(b);
  const joint = new Map<string, number>();
  const left = new Map<string, number>();
  const right = new Map<string, number>();
  for (const row of rows) {
    const x = binA(row[a] ?? null);
    const y = binB(row[b] ?? null);
    joint.set(`${x}\u0000${y}`, (joint.get(`${x}\u0000${y}`) ?? 0) + 1);
    left.set(x, (left.get(x) ?? 0) + 1);
    right.set(y, (right.get(y) ?? 0) + 1);
  }
  let chi = 0;
  const n = rows.length;
  for (const [x, cx] of left) {
    for (const [y, cy] of right) {
      const expected = (cx * cy) / n;
      chi += ((joint.get(`${x}\u0000${y}`) ?? 0) - expected) ** 2 / expected;
    }
  }
  const k = Math.min(left.size, right.size) - 1;
  return k > 0 ? Math.sqrt(chi / (n * k)) : 0;
}

const realRows: SyntheticValue[][] = table.rows;
const strongPairs: { a: number; b: number; measure: 'pearson' | 'cramersV'; real: number }[] = [];
for (let a = 0; a < table.columns.length; a++) {
  for (let b = 0; b < a; b++) {
    if (numeric[a] && numeric[b]) {
      const real = pearson(realRows, a, b);
      if (Math.abs(real) > 0.5) strongPairs.push({ a, b, measure: 'pearson', real });
    } else {
      const real = cramersV(realRows, a, b);
      if (real > 0.3) strongPairs.push({ a, b, measure: 'cramersV', real });
    }
  }
}

const speed: Record<string, Record<string, number>> = {};
const quality: Record<string, Record<string, number | string>> = {};
for (const algorithm of [
  'gaussian-copula',
  'bayesian-network',
  'independent-marginals',
] as AlgorithmName[]) {
  let peakRss = process.memoryUsage().rss;
  const fitStart = performance.now();
  const synthesizer = fitSynthesizer({ algorithm, table, schema });
  const fitSeconds = (performance.now() - fitStart) / 1000;
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      callback();
    },
  });
  const sampleStart = performance.now();
  await writeRows({
    format: 'csv',
    batches: synthesizer.sample({ rows: ROWS, seed: 1 }),
    stream: sink,
  });
  const sampleSeconds = (performance.now() - sampleStart) / 1000;
  speed[algorithm] = {
    'fit s': Number(fitSeconds.toFixed(2)),
    '1M rows to CSV s': Number(sampleSeconds.toFixed(2)),
    'CSV MB': Math.round(bytes / 1e6),
    'peak RSS MB': Math.round(peakRss / 1e6),
  };
  const synthetic = [...synthesizer.sample({ rows: QUALITY_ROWS, seed: 2 })].flatMap(
    (batch) => batch.rows,
  );
  for (const pair of strongPairs) {
    const key = `${table.columns[pair.a] ?? ''} × ${table.columns[pair.b] ?? ''} (${pair.measure})`;
    const measured =
      pair.measure === 'pearson'
        ? pearson(synthetic, pair.a, pair.b)
        : cramersV(synthetic, pair.a, pair.b);
    quality[key] = {
      ...quality[key],
      real: Number(pair.real.toFixed(3)),
      [algorithm]: Number(measured.toFixed(3)),
    };
  }
}

console.log(
  `adult: ${String(table.rows.length)} rows; sampling ${String(ROWS)} rows written as CSV to a counting sink`,
);
console.table(speed);
console.log(
  'Strong pairs of the real data (|Pearson| > 0.5 or Cramér V > 0.3; numerical columns in deciles for V)',
);
console.table(quality);
