import { describe, expect, it } from 'vitest';
import { evalDataPath, runCli } from '@app/engine-kit/testing';
import { runParseCommand } from './parse.js';

describe('runParseCommand on a real export', () => {
  it('parses the Imagin CSV export with its balances in order', async () => {
    const { code, stdout } = await runCli(runParseCommand, {
      args: [evalDataPath('statements', 'es_imagin_csv.csv')],
    });
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as { transactions: unknown[]; balanceCheck: unknown };
    expect(result.transactions).toHaveLength(6);
    expect(result.balanceCheck).toMatchObject({ status: 'ok' });
  });
});
