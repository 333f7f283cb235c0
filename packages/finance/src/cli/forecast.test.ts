import { describe, expect, it } from 'vitest';
import type { ForecastRow } from '../cashflow/index.js';
import { runForecastCommand } from './forecast.js';
import { runCli, type CliRun } from '@app/engine-kit/testing';

function run(input: string, args: string[]): Promise<CliRun> {
  return runCli(runForecastCommand, { args, stdin: input });
}

/** Two months of a small account: 1,000.00 in on the 1st, 5.00 out most days. */
function sampleCsv(): string {
  const lines = ['date,amount'];
  for (let day = 1; day <= 59; day += 1) {
    const date = new Date(Date.UTC(2024, 0, day)).toISOString().slice(0, 10);
    if (date.endsWith('-01')) lines.push(`${date},100000`);
    lines.push(`${date},-500`);
  }
  return `${lines.join('\n')}\n`;
}

describe('runForecastCommand', () => {
  it('prints the forecast rows as JSON for the requested horizon', async () => {
    const result = await run(sampleCsv(), ['--horizon', '30']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const rows = JSON.parse(result.stdout) as ForecastRow[];
    expect(rows).toHaveLength(30);
    expect(rows[0]?.date).toBe('2024-02-29');
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
      [
        'date',
        'balance',
        'balance_day_min',
        'balance_day_max',
        'incomes_day_min',
        'incomes_day_max',
        'expenses_day_min',
        'expenses_day_max',
        'pred05',
        'pred95',
      ].sort(),
    );
  });

  it('reads rows without a header, several per day, and an opening balance', async () => {
    const csv = sampleCsv().replace('date,amount\n', '');
    const plain = JSON.parse((await run(csv, ['--horizon', '60'])).stdout) as ForecastRow[];
    const opened = await run(csv, ['--horizon', '60', '--opening-balance', '250000']);
    expect(opened.code).toBe(0);
    const rows = JSON.parse(opened.stdout) as ForecastRow[];
    expect(rows.map((row) => row.balance - 250_000)).toEqual(plain.map((row) => row.balance));
  });

  it('refuses a horizon other than 30, 60, 90, 180 or 365 days', async () => {
    for (const args of [['--horizon', '45'], ['--horizon', 'year'], ['--horizon'], []]) {
      const result = await run(sampleCsv(), args);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/--horizon/);
    }
  });

  it('refuses unknown arguments', async () => {
    const result = await run(sampleCsv(), ['--horizon', '30', '--days', '3']);
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toContain('Unexpected argument: --days');
  });

  it('names the line of a bad row', async () => {
    const cases = [
      { csv: 'date,amount\n2024-01-01,100\n2024-01-02,12.50\n', message: 'line 3: amount "12.50"' },
      { csv: '2024-01-01,100\n01/02/2024,100\n', message: 'line 2: "01/02/2024" is not a date' },
      { csv: '2024-01-01,100,extra\n', message: 'line 1: expected 2 columns' },
      { csv: '2024-01-01\n', message: 'line 1: expected 2 columns' },
      { csv: '2024-02-30,100\n2024-03-30,100\n', message: 'line 1: "2024-02-30" is not a date' },
    ];
    for (const { csv, message } of cases) {
      const result = await run(csv, ['--horizon', '30']);
      expect(result).toMatchObject({ code: 2, stdout: '' });
      expect(result.stderr).toContain(message);
    }
  });

  it('refuses an empty input and a history shorter than 30 days', async () => {
    const empty = await run('date,amount\n', ['--horizon', '30']);
    expect(empty).toMatchObject({ code: 2, stdout: '' });
    expect(empty.stderr).toContain('history has no movements');
    const short = await run('2024-01-01,100\n2024-01-10,-20\n', ['--horizon', '30']);
    expect(short).toMatchObject({ code: 2, stdout: '' });
    expect(short.stderr).toContain('needs at least 30');
  });
});
