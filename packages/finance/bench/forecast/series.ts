import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import type { DailyAmount } from '../../src/types.js';
import { evalDataPath } from '@app/engine-kit/testing';

/** One account's history as the benchmark uses it. */
export type AccountSeries = {
  id: string;
  /** `dev` accounts were used to tune the model; `test` accounts were not. */
  split: 'dev' | 'test' | 'long';
  amounts: DailyAmount[];
  openingBalance: number;
  /** The last day the data covers. */
  lastDate: string;
};

function readCsv(file: string, delimiter: string): string[][] {
  const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: true });
  return parsed.data;
}

function toCents(value: number): number {
  return Math.round(value * 100);
}

/** `dd/mm/yyyy` → `yyyy-mm-dd`, or undefined for anything else. */
function fromSpanishDate(value: string | undefined): string | undefined {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value?.trim() ?? '');
  return match ? `${match[3]}-${match[2]}-${match[1]}` : undefined;
}

/** `1.234,56` → 1234.56 */
function fromCommaDecimal(value: string): number {
  return Number(value.replace(/\./g, '').replace(',', '.'));
}

/**
 * The 50 Berka accounts (1993-01-01 … 1994-03-30, the partial last day dropped). Accounts
 * alternate between the dev half (tuning) and the test half in the README's order.
 */
export function loadBerkaAccounts(): AccountSeries[] {
  const accountRows = readCsv(evalDataPath('berka', 'account_50.csv'), ',').slice(1);
  const rows = Papa.parse<Record<string, string>>(
    readFileSync(evalDataPath('berka', 'trans_50_accounts.csv'), 'utf8'),
    { header: true, skipEmptyLines: true },
  ).data;
  const byAccount = new Map<string, DailyAmount[]>();
  for (const row of rows) {
    const id = row.account_id ?? '';
    const list = byAccount.get(id) ?? [];
    list.push({ date: row.date ?? '', amount: toCents(Number(row.signed_amount)) });
    byAccount.set(id, list);
  }
  return accountRows.map(([id = ''], index) => ({
    id: `berka ${id}`,
    split: index % 2 === 0 ? 'dev' : 'test',
    amounts: byAccount.get(id) ?? [],
    openingBalance: 0,
    lastDate: '1994-03-30',
  }));
}

/**
 * The statement exports with more than a year of history, parsed here with their layouts
 * from `statements/manifest.json` (the product's statement importer is a separate module).
 */
export function loadLongStatements(): AccountSeries[] {
  const mediolanum = readCsv(evalDataPath('statements', 'es_mediolanum_csv.csv'), ';')
    .slice(1)
    .flatMap((cells) => {
      const date = fromSpanishDate(cells[0]);
      if (date === undefined) return [];
      const amount = Number(cells[4] || 0) - Number(cells[3] || 0);
      return [{ date, amount: toCents(amount) }];
    });
  const myinvestor = readCsv(evalDataPath('statements', 'es_myinvestor_csv.csv'), ';')
    .slice(1)
    .flatMap((cells) => {
      const date = fromSpanishDate(cells[0]);
      return date === undefined ? [] : [{ date, amount: toCents(Number(cells[3])) }];
    });
  const openbankRows = readCsv(evalDataPath('statements', 'es_openbank_csv_b.csv'), ';')
    .slice(1)
    .flatMap((cells) => {
      const date = fromSpanishDate(cells[1]);
      if (date === undefined) return [];
      return [
        {
          date,
          amount: toCents(fromCommaDecimal(cells[7] ?? '')),
          balance: toCents(fromCommaDecimal(cells[9] ?? '')),
        },
      ];
    })
    .reverse();
  const oldest = openbankRows[0];
  const series = [
    { id: 'es_mediolanum', amounts: mediolanum, openingBalance: 0 },
    { id: 'es_myinvestor', amounts: myinvestor, openingBalance: 0 },
    {
      id: 'es_openbank_b',
      amounts: openbankRows.map(({ date, amount }) => ({ date, amount })),
      openingBalance: oldest === undefined ? 0 : oldest.balance - oldest.amount,
    },
  ];
  return series.map((entry) => ({
    ...entry,
    split: 'long' as const,
    lastDate: entry.amounts.reduce((max, { date }) => (date > max ? date : max), ''),
  }));
}
