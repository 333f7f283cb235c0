import { describe, expect, it } from 'vitest';
import { runParseCommand } from './parse.js';
import { runCli, type CliRun } from '@app/engine-kit/testing';

function run(args: string[], stdinText = ''): Promise<CliRun> {
  return runCli(runParseCommand, { args, stdin: stdinText });
}

describe('runParseCommand', () => {
  it('prints the layout, transactions, errors and balance check of a statement as JSON', async () => {
    const statement = [
      'Concepto;Fecha;Importe;Saldo',
      'Transferencia;10/11/2025;-50,00EUR;1.450,00EUR',
      'Compra supermercado;07/11/2025;-45,00EUR;1.500,00EUR',
      'Ingreso nomina;04/11/2025;1.500,00EUR;1.545,00EUR',
      'Farmacia;03/11/2025;-55,00EUR;45,00EUR',
      '',
    ].join('\n');
    const { code, stdout } = await run(['-'], statement);
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as Record<string, unknown>;
    expect(Object.keys(result)).toEqual([
      'layout',
      'transactions',
      'errors',
      'skipped',
      'warnings',
      'statedAccounts',
      'balanceCheck',
    ]);
    expect(result.transactions).toHaveLength(4);
    expect(result.balanceCheck).toMatchObject({ status: 'ok' });
  });

  it('reads standard input for the file "-" and takes a mapping', async () => {
    const mapping = JSON.stringify({
      headerRow: null,
      operationDate: 0,
      description: [2],
      amount: 1,
    });
    const { code, stdout } = await run(['-', '--mapping', mapping], '01/02/2025;-10,00;Coffee\n');
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as { transactions: unknown[] }).transactions).toEqual([
      {
        txAmount: -1000,
        txBalance: null,
        txDescription: 'Coffee',
        txValueDate: '2025-02-01',
        txOperationDate: '2025-02-01',
        row: 1,
      },
    ]);
  });

  it('prints the error as JSON and exits 1 for a file it cannot import', async () => {
    const { code, stdout, stderr } = await run(['-'], '%PDF-1.7\n');
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toEqual({
      error: { code: 'unsupported-format', message: 'Only Excel and CSV files are supported' },
    });
    expect(stderr).toBe('Only Excel and CSV files are supported\n');
  });

  it('applies the row limit it is given', async () => {
    const { code, stdout } = await run(
      ['-', '--max-rows', '2'],
      'Fecha;Importe\n01/01/2025;1\n02/01/2025;2\n03/01/2025;3\n',
    );
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ error: { code: 'too-many-rows' } });
  });

  it.each([
    [[], /Missing FILE/],
    [['a.csv', 'b.csv'], /Unexpected argument: b.csv/],
    [['a.csv', '--max-rows', 'many'], /--max-rows needs a positive whole number/],
    [['a.csv', '--mapping', '{'], /--mapping is not valid JSON/],
    [['a.csv', '--mapping', '{"amount":1}'], /--mapping needs at least/],
  ])('exits 2 with the usage for bad arguments %j', async (args, message) => {
    const { code, stdout, stderr } = await run(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
    expect(stderr).toMatch(/Usage: finance parse FILE/);
  });

  it('exits 2 when the file does not exist', async () => {
    const { code, stderr } = await run(['/nonexistent/statement.csv']);
    expect(code).toBe(2);
    expect(stderr).toBe('Cannot read /nonexistent/statement.csv.\n');
  });
});
