import { readFileSync } from 'node:fs';
import { inferTableSchema } from '../src/profiling/index.js';
import { fitRelationalSynthesizer, type RelationalTable } from '../src/relational/index.js';
import { buildQualityReport } from '../src/report/index.js';
import type { AlgorithmName } from '../src/synthesizers/index.js';
import { readCsvTable, type Table } from '../src/table.js';
import { evalDataPath } from '@app/engine-kit/testing';

function read(options: { name: string; file: string; primaryKey: string }): RelationalTable {
  const { name, file, primaryKey } = options;
  const table = readCsvTable(readFileSync(evalDataPath('berka', file), 'utf8'));
  return { name, table, schema: { ...inferTableSchema(table), primaryKey } };
}

function countPerKey(keys: unknown[]): number[] {
  const counts = new Map<unknown, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts.values()].sort((a, b) => a - b);
}

function describeCounts(counts: number[]): string {
  const mean = counts.reduce((sum, count) => sum + count, 0) / Math.max(1, counts.length);
  const median = counts[Math.floor(counts.length / 2)] ?? 0;
  return `${mean.toFixed(1)} / ${String(median)} / ${String(counts[0] ?? 0)}–${String(counts[counts.length - 1] ?? 0)}`;
}

const account = read({ name: 'account', file: 'account_50.csv', primaryKey: 'account_id' });
const trans = read({ name: 'trans', file: 'trans_50_accounts.csv', primaryKey: 'trans_id' });
const relationships = [{ parent: 'account', child: 'trans', foreignKey: 'account_id' }];
const realCounts = countPerKey(trans.table.rows.map((row) => row[1]));

const results: Record<string, Record<string, string | number>> = {
  real: {
    accounts: account.table.rows.length,
    transactions: trans.table.rows.length,
    'per account mean / median / range': describeCounts(realCounts),
  },
};
for (const algorithm of ['bayesian-network', 'gaussian-copula'] as AlgorithmName[]) {
  const start = performance.now();
  const synthesizer = fitRelationalSynthesizer({
    tables: [account, trans],
    relationships,
    algorithm,
  });
  const [accounts, transactions] = synthesizer.sample({ seed: 1 });
  const seconds = (performance.now() - start) / 1000;
  const keys = new Set(accounts?.rows.map((row) => row[0]));
  const foreignKeys = transactions?.rows.map((row) => row[1]) ?? [];
  const synthetic: Table = {
    columns: trans.table.columns,
    rows: (transactions?.rows ?? []).map((row) =>
      row.map((value) => (value === null ? null : String(value))),
    ),
  };
  // the foreign key holds fresh synthetic keys: compared by integrity above, not by shape
  const schema = {
    ...trans.schema,
    columns: trans.schema.columns.map((column) =>
      column.name === 'account_id' ? { ...column, kind: 'id' as const } : column,
    ),
  };
  const report = buildQualityReport({ real: trans.table, synthetic, schema });
  results[`synthetic, accounts by ${algorithm}`] = {
    accounts: accounts?.rows.length ?? 0,
    transactions: foreignKeys.length,
    'per account mean / median / range': describeCounts(countPerKey(foreignKeys)),
    'foreign keys valid': `${((100 * foreignKeys.filter((key) => keys.has(key)).length) / Math.max(1, foreignKeys.length)).toFixed(1)} %`,
    'trans shapes': report.columnShapes.score.toFixed(3),
    'trans pairs': report.pairTrends.score.toFixed(3),
    'fit + sample s': Number(seconds.toFixed(2)),
  };
}

console.log(
  'Relational synthesis: Berka accounts (50) and their transactions; transactions drawn by a Bayesian network conditioned on their account',
);
console.table(results);
