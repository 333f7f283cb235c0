import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsvTable } from '../table.js';
import { runCli } from '@app/engine-kit/testing';
import { runGenerateCommand } from './generate.js';
import { runSynthesizeCommand } from './synthesize.js';

const directory = mkdtempSync(path.join(tmpdir(), 'generate-'));
const input = path.join(directory, 'in.csv');
const rows = Array.from(
  { length: 60 },
  (_, i) => `${String(i + 1)},${String(i % 7)}.5,${['red', 'blue', 'green'][i % 3] ?? ''}`,
);
writeFileSync(input, `id,x,colour\n${rows.join('\n')}\n`);
const modelFile = path.join(directory, 'model.json');

describe('generate command', () => {
  it('draws from the model synthesize saved the rows synthesize drew, without the input', async () => {
    const synthesized = await runCli(runSynthesizeCommand, {
      args: [
        '--algorithm',
        'bayesian-network',
        '--rows',
        '40',
        '--seed',
        '7',
        '--save-model',
        modelFile,
        input,
      ],
    });
    expect(synthesized.code).toBe(0);
    writeFileSync(input, 'gone\n');
    const generated = await runCli(runGenerateCommand, {
      args: ['--model', modelFile, '--rows', '40', '--seed', '7'],
    });
    expect(generated.code).toBe(0);
    expect(generated.stdout).toBe(synthesized.stdout);
    const more = await runCli(runGenerateCommand, {
      args: ['--model', modelFile, '--rows', '500'],
    });
    expect(readCsvTable(more.stdout).rows).toHaveLength(500);
  });

  it('refuses an edited model and a missing --rows with a message', async () => {
    const edited = path.join(directory, 'edited.json');
    writeFileSync(edited, readFileSync(modelFile, 'utf8').replace('"colour"', '"color"'));
    const refused = await runCli(runGenerateCommand, { args: ['--model', edited, '--rows', '5'] });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('checksum');
    const noRows = await runCli(runGenerateCommand, { args: ['--model', modelFile] });
    expect(noRows.code).toBe(2);
    expect(noRows.stderr).toContain('--rows');
  });
});
