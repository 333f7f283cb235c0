import type { TDataProfile } from '@app/contracts/nucleus';
import { describe, expect, it } from 'vitest';
import {
  planProblems,
  suggestLinks,
  suggestedPrimaryKey,
  tableNameFrom,
  type PlannedTable,
} from './relational-plan';
import { initialSettings } from './column-choices';

function profile(fileName: string, columns: string[], key: string): TDataProfile {
  return {
    runId: '00000000-0000-4000-9000-000000000001',
    fileName,
    format: 'csv',
    rowCount: 10,
    columnCount: columns.length,
    columns: columns.map((name) => ({
      name,
      type: 'id',
      missing: 0,
      distinct: 10,
      personalData: null,
      isKey: name === key,
      distribution: null,
    })),
    warnings: [],
  };
}

function table(name: string, columns: string[], key: string): PlannedTable {
  const read = profile(`${name}.csv`, columns, key);
  return {
    profile: read,
    name,
    primaryKey: suggestedPrimaryKey(read),
    settings: initialSettings(read.columns),
  };
}

describe('relational plan', () => {
  it('names a table after its file, plainly and once', () => {
    expect(tableNameFrom('Berka accounts.csv', [])).toBe('Berka_accounts');
    expect(tableNameFrom('2024-trans.parquet', [])).toBe('trans');
    expect(tableNameFrom('trans.csv', ['trans'])).toBe('trans_2');
  });

  it('suggests a link where a child’s column is named as a parent’s key, not twice', () => {
    const accounts = table('accounts', ['account_id', 'district'], 'account_id');
    const transactions = table('transactions', ['trans_id', 'account_id', 'amount'], 'trans_id');
    const links = suggestLinks([accounts, transactions], []);
    expect(links).toEqual([
      { child: 'transactions', foreignKey: 'account_id', parent: 'accounts' },
    ]);
    expect(suggestLinks([accounts, transactions], links)).toEqual([]);
  });

  it('finds what keeps a plan from starting', () => {
    const accounts = { ...table('accounts', ['account_id'], 'account_id'), primaryKey: '' };
    const transactions = table('1trans', ['trans_id', 'account_id'], 'trans_id');
    expect(planProblems([accounts], [])).toEqual(['tooFewTables', 'noLinks']);
    expect(
      planProblems(
        [accounts, transactions],
        [{ child: '1trans', foreignKey: 'account_id', parent: 'accounts' }],
      ),
    ).toEqual(['tableName', 'parentWithoutKey']);
  });

  it('refuses a dropped primary key or foreign key column', () => {
    const accounts = table('accounts', ['account_id', 'district'], 'account_id');
    const trans = table('trans', ['trans_id', 'account_id'], 'trans_id');
    const link = { child: 'trans', foreignKey: 'account_id', parent: 'accounts' };
    const drop = (planned: PlannedTable, column: string): PlannedTable => ({
      ...planned,
      settings: { ...planned.settings, [column]: { action: 'drop', type: '' } },
    });
    expect(planProblems([drop(accounts, 'district'), trans], [link])).toEqual([]);
    expect(planProblems([drop(accounts, 'account_id'), trans], [link])).toEqual(['keyDropped']);
    expect(planProblems([accounts, drop(trans, 'account_id')], [link])).toEqual(['keyDropped']);
  });
});
