import { Readable, Writable } from 'node:stream';
import type { CliIo } from '../cli/cli-io.js';

/** `stdoutBytes` for binary output (Parquet, XLSX). */
export type CliRun = { code: number; stdout: string; stdoutBytes: Uint8Array; stderr: string };

function collect(): { stream: Writable; bytes: () => Uint8Array; text: () => string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  return {
    stream,
    bytes: () => new Uint8Array(Buffer.concat(chunks)),
    text: () => Buffer.concat(chunks).toString('utf8'),
  };
}

/** Runs a CLI command on in-memory streams: `stdin` in, what it printed and its exit code out. */
export async function runCli(
  command: (args: string[], io: CliIo) => Promise<number>,
  options: { args: string[]; stdin?: string; onSynthesized?: CliIo['onSynthesized'] },
): Promise<CliRun> {
  const stdout = collect();
  const stderr = collect();
  const code = await command(options.args, {
    stdin: Readable.from([Buffer.from(options.stdin ?? '')]),
    stdout: stdout.stream,
    stderr: stderr.stream,
    ...(options.onSynthesized ? { onSynthesized: options.onSynthesized } : {}),
  });
  return { code, stdout: stdout.text(), stdoutBytes: stdout.bytes(), stderr: stderr.text() };
}
