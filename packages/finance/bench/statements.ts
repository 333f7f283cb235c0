import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import {
  buildDeclaredZipBomb,
  buildLyingZipBomb,
  buildWorkbook,
} from '../src/testing/statement-files.js';
import { parseStatement, StatementImportError } from '../src/statements/index.js';
import { evalDataPath } from '@app/engine-kit/testing';

const ROWS = 100_000;
const RUNS = 3;
const CONCEPTS = [
  'COMPRA TARJETA MERCADONA VALENCIA',
  'TRANSFERENCIA RECIBIDA NOMINA',
  'RECIBO IBERDROLA CLIENTES',
  'BIZUM ENVIADO',
  'RETIRADA CAJERO 4B',
  'Apple pay: COMPRA EN CAFETERIA, CON LA TARJETA : 5489 EL 2024-08-14',
];

type Movement = { date: Date; concept: string; cents: number; balance: number };

function generateMovements(count: number): Movement[] {
  let seed = 42;
  const random = (): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  let balance = 1_000_000;
  const start = Date.UTC(2015, 0, 1);
  return Array.from({ length: count }, (_, index) => {
    const cents = Math.round((random() - 0.55) * 200_000);
    balance += cents;
    return {
      date: new Date(start + Math.floor(index / 30) * 86_400_000),
      concept: `${CONCEPTS[index % CONCEPTS.length] ?? ''} ${String(index)}`,
      cents,
      balance,
    };
  });
}

function formatSpanishDate(date: Date): string {
  const day = String(date.getUTCDate()).padStart(2, '0');
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  return `${day}/${month}/${String(date.getUTCFullYear())}`;
}

function formatSpanishAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const euros = Math.floor(absolute / 100).toLocaleString('de-DE');
  return `${sign}${euros},${String(absolute % 100).padStart(2, '0')}`;
}

function buildCsv(movements: readonly Movement[]): Uint8Array {
  const lines = ['Fecha Operación;Fecha Valor;Concepto;Importe;Saldo'];
  for (const movement of movements) {
    const date = formatSpanishDate(movement.date);
    lines.push(
      `${date};${date};${movement.concept};${formatSpanishAmount(movement.cents)};${formatSpanishAmount(movement.balance)}`,
    );
  }
  return new TextEncoder().encode(`${lines.join('\r\n')}\r\n`);
}

function buildXlsx(movements: readonly Movement[]): Uint8Array {
  const rows: unknown[][] = [
    ['Consulta de movimientos'],
    ['Cuenta:', 'ES00 0000 0000 0000 0000 0000'],
    [],
    ['F. Operativa', 'Concepto', 'F. Valor', 'Importe', 'Saldo'],
    ...movements.map((movement) => [
      movement.date,
      movement.concept,
      movement.date,
      movement.cents / 100,
      movement.balance / 100,
    ]),
  ];
  return buildWorkbook([{ name: 'Movimientos', rows }]);
}

function measure(data: Uint8Array): { medianMs: number; transactions: number; heapMb: number } {
  const times: number[] = [];
  let transactions = 0;
  let heapMb = 0;
  for (let run = 0; run < RUNS; run++) {
    const before = process.memoryUsage().heapUsed;
    const started = performance.now();
    const result = parseStatement({ data });
    times.push(performance.now() - started);
    heapMb = Math.max(heapMb, (process.memoryUsage().heapUsed - before) / 1024 / 1024);
    transactions = result.transactions.length;
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(RUNS / 2)] ?? 0, transactions, heapMb };
}

function measureRejection(data: Uint8Array): { ms: number; code: string } {
  const started = performance.now();
  try {
    parseStatement({ data });
    return { ms: performance.now() - started, code: 'accepted' };
  } catch (error) {
    const code = error instanceof StatementImportError ? error.code : 'crash';
    return { ms: performance.now() - started, code };
  }
}

type ManifestEntry = {
  file: string;
  n_transactions: number;
  sum_of_amounts: string;
  first_date: string;
  last_date: string;
  running_balance_check?: { ok: boolean | null };
};

function measureEvalSet(): {
  files: number;
  exact: number;
  balanceChecks: number;
  balanceAgree: number;
  ms: number;
} {
  const manifest = JSON.parse(
    readFileSync(evalDataPath('statements', 'manifest.json'), 'utf8'),
  ) as {
    files: ManifestEntry[];
  };
  let exact = 0;
  let balanceChecks = 0;
  let balanceAgree = 0;
  const started = performance.now();
  for (const entry of manifest.files) {
    const result = parseStatement({ data: readFileSync(evalDataPath('statements', entry.file)) });
    const dates = result.transactions.map((transaction) => transaction.txOperationDate).sort();
    const sum = result.transactions.reduce((total, transaction) => total + transaction.txAmount, 0);
    const isExact =
      result.transactions.length === entry.n_transactions &&
      sum === Math.round(Number(entry.sum_of_amounts) * 100) &&
      dates[0] === entry.first_date &&
      dates[dates.length - 1] === entry.last_date;
    if (isExact) exact++;
    const expected = entry.running_balance_check?.ok;
    if (typeof expected === 'boolean') {
      balanceChecks++;
      if (expected === (result.balanceCheck.status === 'ok')) balanceAgree++;
    }
  }
  return {
    files: manifest.files.length,
    exact,
    balanceChecks,
    balanceAgree,
    ms: performance.now() - started,
  };
}

const movements = generateMovements(ROWS);
const csv = buildCsv(movements);
const buildStarted = performance.now();
const xlsx = buildXlsx(movements);
console.log(`built the .xlsx in ${String(Math.round(performance.now() - buildStarted))} ms`);
const csvRun = measure(csv);
const xlsxRun = measure(xlsx);
console.table([
  {
    file: `CSV ${ROWS.toLocaleString('en-US')} rows`,
    sizeMb: +(csv.length / 1024 / 1024).toFixed(1),
    transactions: csvRun.transactions,
    medianMs: Math.round(csvRun.medianMs),
    targetMs: 1000,
    heapDeltaMb: Math.round(csvRun.heapMb),
    pass: csvRun.medianMs < 1000,
  },
  {
    file: `XLSX ${ROWS.toLocaleString('en-US')} rows`,
    sizeMb: +(xlsx.length / 1024 / 1024).toFixed(1),
    transactions: xlsxRun.transactions,
    medianMs: Math.round(xlsxRun.medianMs),
    targetMs: 5000,
    heapDeltaMb: Math.round(xlsxRun.heapMb),
    pass: xlsxRun.medianMs < 5000,
  },
]);

const tooManyRows = buildCsv(generateMovements(250_000));
const lyingBomb = buildLyingZipBomb(100 * 1024 * 1024);
const declaredBomb = buildDeclaredZipBomb(3 * 1024 * 1024 * 1024);
const hostile = [
  { hostile: 'CSV 250,000 rows (limit 200,000)', data: tooManyRows },
  { hostile: 'xlsx: 100 MB sheet declared as 1 KB', data: lyingBomb },
  { hostile: 'xlsx: declares 3 GB unpacked', data: declaredBomb },
];
console.table(
  hostile.map(({ hostile: name, data }) => {
    const { ms, code } = measureRejection(data);
    return { hostile: name, sizeKb: Math.round(data.length / 1024), ms: Math.round(ms), code };
  }),
);

const evalSet = measureEvalSet();
console.table([
  {
    set: 'shared/eval/statements',
    files: evalSet.files,
    exactCountSumDates: evalSet.exact,
    balanceChecks: evalSet.balanceChecks,
    balanceChecksAgreeing: evalSet.balanceAgree,
    totalMs: Math.round(evalSet.ms),
  },
]);
