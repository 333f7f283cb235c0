import { describe, expect, it } from 'vitest';
import { runCli, type CliRun } from '@app/engine-kit/testing';
import { runAnonymizeCommand } from './anonymize.js';

function run(input: string, args: string[]): Promise<CliRun> {
  return runCli(runAnonymizeCommand, { args, stdin: input });
}

describe('runAnonymizeCommand', () => {
  it('anonymises text with placeholders by default', async () => {
    const result = await run('Mr John Smith, DNI 12345678Z.\nMr Smith signed.\n', [
      '--mode',
      'text',
    ]);
    expect(result).toEqual({
      code: 0,
      stdout: '[PERSON_1], DNI [NATIONAL_ID_1].\n[PERSON_1] signed.\n',
      stderr: '',
    });
  });

  it('anonymises HTML text nodes only', async () => {
    const result = await run('<p title="Mr John Smith">Mr John Smith</p>', ['--mode', 'html']);
    expect(result.stdout).toBe('<p title="Mr John Smith">[PERSON_1]</p>');
  });

  it('uses the mask and surrogate styles, surrogates repeatable with --seed', async () => {
    const masked = await run('Mr John Smith', [
      '--mode',
      'text',
      '--style',
      'mask',
      '--mask',
      '***',
    ]);
    expect(masked.stdout).toBe('***');
    const args = ['--mode', 'text', '--style', 'surrogate', '--seed', '4'];
    const first = await run('Mr John Smith', args);
    expect(first.stdout).toMatch(/^Mr \p{Lu}\p{Ll}+ \p{Lu}\p{Ll}+$/u);
    expect(first.stdout).not.toContain('Smith');
    expect((await run('Mr John Smith', args)).stdout).toBe(first.stdout);
  });

  it('refuses input that does not suit the mode with the spec’s message and exit 1', async () => {
    expect(await run('<p>Hello</p>', ['--mode', 'text'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'The text is not in plain format\n',
    });
    expect(await run('Hello', ['--mode', 'html'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'The text is not in HTML format\n',
    });
  });

  it('exits 2 with the usage on a missing or wrong mode, style or seed', async () => {
    for (const args of [
      [],
      ['--mode', 'pdf'],
      ['--mode', 'text', '--style', 'blur'],
      ['--mode', 'text', '--seed', 'x'],
      ['--mode'],
    ]) {
      const result = await run('text', args);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('Usage: anonymizer anonymize');
    }
  });
});
