import { Readable, Writable } from 'node:stream';
import type { CliIo } from '../cli/cli-io.js';

export type CliRun = { code: number; stdout: string; stderr: string };

function collect(): { stream: Writable; text: () => string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

/** Runs a CLI command on in-memory streams: `stdin` in, what it printed and its exit code out. */
export async function runCli(
  command: (args: string[], io: CliIo) => Promise<number>,
  options: { args: string[]; stdin?: string },
): Promise<CliRun> {
  const stdout = collect();
  const stderr = collect();
  const code = await command(options.args, {
    stdin: Readable.from([Buffer.from(options.stdin ?? '')]),
    stdout: stdout.stream,
    stderr: stderr.stream,
  });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}
