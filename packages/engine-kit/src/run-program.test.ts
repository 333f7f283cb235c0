import { describe, expect, it } from 'vitest';
import type { CliIo } from './cli-io.js';
import { runProgram } from './run-program.js';
import { runCli } from './testing/run-cli.js';

const USAGE = 'Usage: tool echo ARGS\n';

async function echo(args: string[], io: CliIo): Promise<number> {
  io.stdout.write(args.join(' '));
  return args.length === 0 ? 1 : 0;
}

/** The program as a command of its own, run on in-memory streams. */
function program(argv: string[], io: CliIo): Promise<number> {
  return runProgram({ commands: { echo }, usage: USAGE, argv, io });
}

describe('runProgram', () => {
  it('runs the named command with the other arguments, for its exit code', async () => {
    expect(await runCli(program, { args: ['echo', 'a', 'b'] })).toMatchObject({
      code: 0,
      stdout: 'a b',
      stderr: '',
    });
    expect((await runCli(program, { args: ['echo'] })).code).toBe(1);
  });

  it('prints the usage and exits 2 without a command, with an unknown one or an inherited name', async () => {
    for (const args of [[], ['nope'], ['toString']]) {
      expect(await runCli(program, { args })).toEqual({ code: 2, stdout: '', stderr: USAGE });
    }
  });
});

describe('runCli', () => {
  it('gives the command standard input and the options beyond the streams', async () => {
    const seen: string[] = [];
    const command = async (
      _args: string[],
      io: CliIo & { onLine: (line: string) => void },
    ): Promise<number> => {
      for await (const chunk of io.stdin) io.onLine(String(chunk));
      io.stdout.write(Buffer.from([0xff, 0x00]));
      return 0;
    };
    const run = await runCli(command, {
      args: [],
      stdin: 'hello',
      onLine: (line) => seen.push(line),
    });
    expect(seen).toEqual(['hello']);
    expect([...run.stdoutBytes]).toEqual([0xff, 0x00]);
  });
});
