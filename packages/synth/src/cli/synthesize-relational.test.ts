import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsvTable } from '../table.js';
import { bankTablesCsv } from '../testing/generated-tables.js';
import { runCli } from '@app/engine-kit/testing';
import { runSynthesizeRelationalCommand } from './synthesize-relational.js';

const out = mkdtempSync(path.join(tmpdir(), 'relational-'));
const input = mkdtempSync(path.join(tmpdir(), 'relational-input-'));
const bank = bankTablesCsv(50);
writeFileSync(path.join(input, 'account.csv'), bank.account);
writeFileSync(path.join(input, 'trans.csv'), bank.trans);
const tableArgs = [
  '--table',
  `account=${path.join(input, 'account.csv')}`,
  '--table',
  `trans=${path.join(input, 'trans.csv')}`,
  '--primary-key',
  'account.account_id',
  '--primary-key',
  'trans.trans_id',
  '--foreign-key',
  'trans.account_id=account',
];

describe('synthesize-relational command', () => {
  it('writes one file per table, every transaction on a synthetic account, and tells its rows for the usage report', async () => {
    const summaries: unknown[] = [];
    const { code, stdout, stderr } = await runCli(runSynthesizeRelationalCommand, {
      args: [...tableArgs, '--out', out, '--seed', '2'],
      onSynthesized: (summary) => summaries.push(summary),
    });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const written = JSON.parse(stdout) as { table: string; rows: number; file: string }[];
    expect(written.map((entry) => entry.table)).toEqual(['account', 'trans']);
    const [accounts, transactions] = written.map((entry) =>
      readCsvTable(readFileSync(entry.file, 'utf8')),
    );
    expect(accounts?.rows).toHaveLength(50);
    const keys = new Set(accounts?.rows.map((row) => row[0]));
    expect(transactions?.rows.every((row) => keys.has(row[1] ?? null))).toBe(true);
    expect(transactions?.rows.length).toBe(written[1]?.rows);
    expect(summaries).toEqual([
      {
        command: 'synthesize-relational',
        algorithm: 'bayesian-network',
        rows: 50 + (written[1]?.rows ?? 0),
      },
    ]);
  });

  it.each([
    [['--out', out], /at least one --table/],
    [tableArgs, /--out DIR/],
    [[...tableArgs, '--out', out, '--foreign-key', 'trans=account'], /must look like A.B/],
    [[...tableArgs, '--out', out, '--primary-key', 'loan.loan_id'], /names no --table: loan/],
    [[...tableArgs, '--out', out, '--scale', '0'], /--scale must be/],
    [
      [...tableArgs, '--out', out, '--foreign-key', 'account.district_id=trans'],
      /not a trans\.trans_id/,
    ],
  ])('exits 2 with a clear message for %j', async (args, message) => {
    const { code, stderr } = await runCli(runSynthesizeRelationalCommand, { args });
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });
});
