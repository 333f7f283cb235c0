/**
 * Categorisation benchmark: speed on generated descriptions, accuracy and calibration on the
 * labelled development sets (`../shared/eval/categorization`, read in place).
 * Run: npx tsx packages/finance/bench/categories.ts
 */
import { Readable, Writable } from 'node:stream';
import { createRandom } from '@app/engine-kit';
import {
  createCategorizer,
  type CategorizeInput,
  type Categorizer,
} from '../src/categories/index.js';
import {
  evalSetExists,
  loadCategorizationEvalSet,
  measureAccuracy,
  measureHeldOutByParent,
  measurePrecision,
  simulateCorrections,
  type AccuracyRow,
} from '../src/testing/categorization-eval.js';
import { runCategorizeCommand } from '../src/cli/categorize.js';

const COUNT = 100_000;
const RUNS = 5;

const MERCHANTS = [
  'MERCADONA',
  'LIDL SUPERMERCADOS',
  'CARREFOUR EXPRESS',
  'REPSOL E.S.',
  'BAR EL PUERTO',
  'RESTAURANTE LA FABRICA',
  'FARMACIA CENTRAL',
  'AMAZON MKTPLACE',
  'EL CORTE INGLES',
  'Uber *trip',
  'Netflix.com',
  'Tesco Stores',
  'Starbucks',
];
const UNKNOWN_WORDS = [
  'KWRT',
  'ZALMO',
  'BRISTEK',
  'OLVANA',
  'TRUMPEX',
  'QUENDA',
  'MARISTE',
  'VOLDEN',
];
const TEMPLATES: ((merchant: string, random: () => number) => string)[] = [
  (merchant, random) =>
    `COMPRA EN ${merchant} ${String(Math.floor(random() * 900))}, CON LA TARJETA : XXXXXXXXXXXX${String(1000 + Math.floor(random() * 9000))} EL 2025-0${String(1 + Math.floor(random() * 9))}-1${String(Math.floor(random() * 9))}`,
  (merchant) => `Apple pay: COMPRA EN ${merchant}, CON LA TARJETA : XXXXXXXXXXXX2010`,
  (merchant) => `POS Purchase ${merchant}  * 05 Oct`,
  (merchant) => `Transacción con tarjeta - ${merchant}`,
  (_merchant, random) =>
    `RECIBO ${random() < 0.5 ? 'IBERDROLA CLIENTES' : 'VODAFONE ESPAÑA'} Nº RECIBO 0073 0100 ${String(Math.floor(random() * 1e6))}`,
  (_merchant, random) =>
    `TRANSFERENCIA A FAVOR DE JUAN ${UNKNOWN_WORDS[Math.floor(random() * 8)] ?? ''} CONCEPTO FACTURA ${String(Math.floor(random() * 500))}`,
  () => 'TGSS COTIZACION 0825 REGIMEN GENERAL',
  () => 'DISPOSICION EN CAJERO CON LA TARJETA XXXXXXXXXXXX4859, COMISION 0,00',
];

function generateTransactions(count: number): CategorizeInput[] {
  const random = createRandom(42).uniform;
  return Array.from({ length: count }, () => {
    const isKnown = random() < 0.7;
    const merchant = isKnown
      ? (MERCHANTS[Math.floor(random() * MERCHANTS.length)] ?? '')
      : `${UNKNOWN_WORDS[Math.floor(random() * UNKNOWN_WORDS.length)] ?? ''} ${UNKNOWN_WORDS[Math.floor(random() * UNKNOWN_WORDS.length)] ?? ''} SL`;
    const template = TEMPLATES[Math.floor(random() * TEMPLATES.length)] ?? TEMPLATES[0];
    const description = template ? template(merchant, random) : merchant;
    const amount = Math.round((random() < 0.15 ? 1 : -1) * (100 + random() * 50_000));
    return { description, amount };
  });
}

function computeMedian(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function measureRuns(run: () => void): { median: number; best: number } {
  run();
  const times: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return { median: computeMedian(times), best: Math.min(...times) };
}

function categorizeAll(categorizer: Categorizer, transactions: readonly CategorizeInput[]): void {
  for (const transaction of transactions) categorizer.categorize(transaction);
}

async function measureCli(transactions: readonly CategorizeInput[]): Promise<number> {
  const input = transactions
    .map((transaction, index) => JSON.stringify({ id: index, ...transaction }))
    .join('\n');
  const sink = new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  });
  const start = performance.now();
  const code = await runCategorizeCommand([], {
    stdin: Readable.from([input]),
    stdout: sink,
    stderr: process.stderr,
  });
  if (code !== 0) throw new Error(`categorize exited ${String(code)}`);
  return performance.now() - start;
}

function formatAccuracy(rows: readonly AccuracyRow[]): Record<string, string | number>[] {
  return rows.map((row) => ({
    language: row.language,
    split: row.split,
    rows: row.rows,
    correct: row.correct,
    'accuracy %': (row.accuracy * 100).toFixed(1),
  }));
}

async function main(): Promise<void> {
  const transactions = generateTransactions(COUNT);
  const dayOne = createCategorizer();
  const withCorrections = createCategorizer();
  for (const transaction of transactions.slice(0, 1_000)) {
    withCorrections.learn({ ...transaction, categoryId: 1204 });
  }
  const plain = measureRuns(() => {
    categorizeAll(dayOne, transactions);
  });
  const learned = measureRuns(() => {
    categorizeAll(withCorrections, transactions);
  });
  const cli = await measureCli(transactions);

  console.log(
    `Speed: ${String(COUNT)} generated descriptions, median and best of ${String(RUNS)} runs`,
  );
  console.table([
    {
      case: 'categorize(), no corrections',
      'median ms': plain.median.toFixed(0),
      'best ms': plain.best.toFixed(0),
      'µs / description': ((plain.median * 1000) / COUNT).toFixed(2),
      'under 1 s': plain.median < 1000,
    },
    {
      case: 'categorize(), 1,000 corrections',
      'median ms': learned.median.toFixed(0),
      'best ms': learned.best.toFixed(0),
      'µs / description': ((learned.median * 1000) / COUNT).toFixed(2),
      'under 1 s': learned.median < 1000,
    },
    {
      case: 'categorize CLI, JSON lines in and out (one run)',
      'median ms': cli.toFixed(0),
      'best ms': cli.toFixed(0),
      'µs / description': ((cli * 1000) / COUNT).toFixed(2),
      'under 1 s': cli < 1000,
    },
  ]);

  if (!evalSetExists()) {
    console.log('Accuracy: ../shared/eval/categorization not found, skipped.');
    return;
  }
  const rows = loadCategorizationEvalSet();
  const measured = measureAccuracy(rows);
  console.log(
    'Accuracy, day one (parent level; keywords tuned on the 70 % tuning split of merchant groups, held-out = the other 30 %)',
  );
  console.table(formatAccuracy(measured.accuracy));
  console.log('Held-out accuracy by labelled parent, day one');
  console.table(
    measureHeldOutByParent(rows, measured.results).map((row) => ({
      language: row.language,
      parent: row.parent,
      rows: row.rows,
      'accuracy %': (row.accuracy * 100).toFixed(1),
    })),
  );

  const simulated = simulateCorrections(rows);
  console.log(
    `Accuracy with corrections: each language's history in date order, every wrong parent corrected as it goes (${String(simulated.corrections)} corrections)`,
  );
  console.table(formatAccuracy(simulated.accuracy.filter((row) => row.split !== 'tuning')));

  console.log('Calibration: precision of the answers by source and confidence (whole set)');
  const calibration = (label: string, precision: ReturnType<typeof measurePrecision>) =>
    precision.map((row) => ({
      run: label,
      source: row.source,
      confidence: row.confidence,
      rows: row.rows,
      'precision %': (row.precision * 100).toFixed(1),
    }));
  console.table([
    ...calibration('day one', measurePrecision(rows, measured.results)),
    ...calibration('with corrections', measurePrecision(rows, simulated.results)),
  ]);
}

await main();
