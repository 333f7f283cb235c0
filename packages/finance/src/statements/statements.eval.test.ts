import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evalDataPath } from '@app/engine-kit/testing';
import { parseStatement } from './parse-statement.js';

type ManifestEntry = {
  file: string;
  n_transactions: number;
  sum_of_amounts: string;
  first_date: string;
  last_date: string;
  running_balance_check?: { ok: boolean | null };
};

const manifest = JSON.parse(readFileSync(evalDataPath('statements', 'manifest.json'), 'utf8')) as {
  files: ManifestEntry[];
};

function readStatement(file: string): ReturnType<typeof parseStatement> {
  return parseStatement({ data: readFileSync(evalDataPath('statements', file)) });
}

/** Exact decimal text ("-12371.59") in cents, without going through floating point. */
function toCents(text: string): number {
  const [units = '0', fraction = ''] = text.replace('-', '').split('.');
  const cents = Number(units) * 100 + Number(fraction.padEnd(2, '0'));
  return text.startsWith('-') ? -cents : cents;
}

describe('the statements of the evaluation set', () => {
  it('are all 25 in the manifest', () => {
    expect(manifest.files).toHaveLength(25);
  });

  it.each(manifest.files.map((entry) => [entry.file, entry] as const))(
    '%s parses to the manifest count, sum and dates',
    (file, entry) => {
      const result = readStatement(file);
      const dates = result.transactions.map((transaction) => transaction.txOperationDate).sort();
      expect(result.errors).toEqual([]);
      expect(result.transactions).toHaveLength(entry.n_transactions);
      expect(result.transactions.reduce((sum, transaction) => sum + transaction.txAmount, 0)).toBe(
        toCents(entry.sum_of_amounts),
      );
      expect(dates[0]).toBe(entry.first_date);
      expect(dates[dates.length - 1]).toBe(entry.last_date);
      const expectedCheck = entry.running_balance_check?.ok;
      if (typeof expectedCheck === 'boolean') {
        expect(result.balanceCheck.status).toBe(expectedCheck ? 'ok' : 'mismatch');
      }
    },
  );

  it.each([
    ['es_kutxabank_card_xlsx.xls', 'xlsx'],
    ['es_openbank_html_xls.xls', 'html'],
    ['lt_swedbank_xls.xls', 'csv'],
    ['es_ing_xls.xls', 'xls'],
    ['es_bbva_xlsx_a.xlsx', 'xlsx'],
  ])('sniffs %s as %s by its content, not its name', (file, format) => {
    expect(readStatement(file).layout.format).toBe(format);
  });

  it('reads Latin-1 files as Windows-1252, accents intact', () => {
    const result = readStatement('es_abanca_csv.csv');
    expect(result.layout.encoding).toBe('windows-1252');
    expect(result.transactions.map((transaction) => transaction.txDescription)).toContain(
      'BONIFICACION CAMPAÑA FIDELIZACION',
    );
  });

  it('finds the header below the title rows and reports which column is what', () => {
    const { layout } = readStatement('es_sabadell_xls.xls');
    expect(layout.mapping).toMatchObject({
      headerRow: 9,
      operationDate: 0,
      description: [1],
      valueDate: 2,
      amount: 3,
      balance: 4,
    });
    expect(layout.columns[3]).toEqual({
      index: 3,
      header: 'Importe',
      role: 'amount',
      confidence: 1,
    });
    expect(layout.preview.rows[0]?.slice(0, 5)).toEqual([
      'F. Operativa',
      'Concepto',
      'F. Valor',
      'Importe',
      'Saldo',
    ]);
  });

  it('joins description lines that continue on the next row and reports them as skipped', () => {
    const result = readStatement('sg_ocbc_csv.csv');
    expect(result.transactions[0]?.txDescription).toBe(
      'DEBIT PURCHASE 15/04/18 66-6666 UBER EATS AN2GO HELP.UBERh',
    );
    expect(result.skipped[0]).toEqual({
      row: 8,
      reason: 'continuation',
      detail: 'continues the description of row 7',
    });
  });

  it('skips opening, turnover and closing balance lines and signs amounts by their D/K flag', () => {
    const result = readStatement('lt_swedbank_xls.xls');
    expect(result.layout.amountRule).toBe('direction');
    expect(result.skipped.map((skipped) => [skipped.row, skipped.reason])).toEqual([
      [2, 'summary'],
      [16, 'summary'],
      [17, 'summary'],
      [18, 'summary'],
    ]);
  });

  it('reads a negative debit as money coming back in', () => {
    const result = readStatement('es_mediolanum_csv.csv');
    const reversal = result.transactions.find(
      (transaction) => transaction.txDescription === 'Retr. Recibo a su cargo',
    );
    expect(reversal?.txAmount).toBe(38906);
  });
});
