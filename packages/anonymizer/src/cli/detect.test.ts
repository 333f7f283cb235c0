import { describe, expect, it } from 'vitest';
import { runCli, type CliRun } from '@app/engine-kit/testing';
import { runDetectCommand } from './detect.js';

function run(input: string, args: string[] = []): Promise<CliRun> {
  return runCli(runDetectCommand, { args, stdin: input });
}

function parseLines(text: string): unknown[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown);
}

describe('runDetectCommand', () => {
  it('prints {id, spans} per line with JavaScript offsets into the text', async () => {
    const text = '📄 Mr John Smith wrote to js@example.org.';
    const result = await run(
      `${JSON.stringify({ id: 'a', text })}\n${JSON.stringify({ id: 2, text: '' })}\n`,
    );
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const [first, second] = parseLines(result.stdout) as {
      id: string | number;
      spans: { start: number; end: number; label: string }[];
    }[];
    expect(first?.id).toBe('a');
    expect(first?.spans.map((span) => [span.label, text.slice(span.start, span.end)])).toEqual([
      ['PERSON', 'Mr John Smith'],
      ['EMAIL', 'js@example.org'],
    ]);
    expect(Object.keys(first?.spans[0] ?? {})).toEqual(['start', 'end', 'label']);
    expect(second).toEqual({ id: 2, spans: [] });
  });

  it('reports bad lines with their numbers, goes on, and exits 1', async () => {
    const good = JSON.stringify({ id: 1, text: 'Nothing here.' });
    const result = await run(`${good}\nnot json\n{"id": true, "text": 5}\n[1]\n{}\n${good}\n`);
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n').filter(Boolean)).toEqual([
      'line 2: invalid JSON',
      'line 3: "id" must be a string or a number, "text" must be a string',
      'line 4: expected a JSON object {"id","text"}',
      'line 5: missing "id", missing "text"',
    ]);
    expect(parseLines(result.stdout)).toHaveLength(2);
  });

  it('exits 2 on an unexpected argument and prints the usage on --help', async () => {
    const bad = await run('', ['--fast']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Usage: anonymizer detect');
    const help = await run('', ['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: anonymizer detect');
  });
});
