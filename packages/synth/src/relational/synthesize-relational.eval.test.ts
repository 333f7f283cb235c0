import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inferTableSchema } from '../profiling/index.js';
import { readCsvTable, type Table } from '../table.js';
import { evalDataPath } from '@app/engine-kit/testing';
import { fitRelationalSynthesizer, type SyntheticTable } from './synthesize-relational.js';

function column(table: SyntheticTable | undefined, name: string): (string | number | null)[] {
  const index = table?.columns.indexOf(name) ?? -1;
  return (table?.rows ?? []).map((row) => row[index] ?? null);
}

describe('fitRelationalSynthesizer on bank accounts and their transactions', () => {
  it('keeps every transaction on a synthetic account, with real-like counts per account', () => {
    const read = (file: string): Table =>
      readCsvTable(readFileSync(evalDataPath('berka', file), 'utf8'));
    const account = read('account_50.csv');
    const trans = read('trans_50_accounts.csv');
    const synthesizer = fitRelationalSynthesizer({
      tables: [
        {
          name: 'account',
          table: account,
          schema: { ...inferTableSchema(account), primaryKey: 'account_id' },
        },
        {
          name: 'trans',
          table: trans,
          schema: { ...inferTableSchema(trans), primaryKey: 'trans_id' },
        },
      ],
      relationships: [{ parent: 'account', child: 'trans', foreignKey: 'account_id' }],
      algorithm: 'gaussian-copula',
    });
    const [accounts, transactions] = synthesizer.sample({ seed: 1 });
    const keys = new Set(column(accounts, 'account_id'));
    const perAccount = new Map<string | number | null, number>();
    for (const key of column(transactions, 'account_id')) {
      expect(keys.has(key)).toBe(true);
      perAccount.set(key, (perAccount.get(key) ?? 0) + 1);
    }
    const realCounts = new Map<string | null, number>();
    for (const row of trans.rows)
      realCounts.set(row[1] ?? null, (realCounts.get(row[1] ?? null) ?? 0) + 1);
    const low = Math.min(...realCounts.values());
    const high = Math.max(...realCounts.values());
    for (const count of perAccount.values()) {
      expect(count).toBeGreaterThanOrEqual(low);
      expect(count).toBeLessThanOrEqual(high);
    }
    expect(Math.abs((transactions?.rows.length ?? 0) / trans.rows.length - 1)).toBeLessThan(0.3);
    expect(new Set(column(transactions, 'type'))).toEqual(new Set(trans.rows.map((row) => row[3])));
  });
});
