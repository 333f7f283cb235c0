import { Readable, Writable } from 'node:stream';
import type { CliCommand, CliIo } from '../cli-io.js';

/**
 * A command's exit code and what it printed, as text; `stdoutBytes` for binary output (Parquet,
 * XLSX). The bytes are no field of their own, so a run equals `{ code, stdout, stderr }`.
 */
export class CliRun {
  readonly stdout: string;
  readonly #stdoutBytes: Uint8Array;

  constructor(
    readonly code: number,
    stdout: Buffer,
    readonly stderr: string,
  ) {
    this.#stdoutBytes = new Uint8Array(stdout);
    this.stdout = stdout.toString('utf8');
  }

  get stdoutBytes(): Uint8Array {
    return this.#stdoutBytes;
  }
}

function collect(): { stream: Writable; bytes: () => Buffer } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  return { stream, bytes: () => Buffer.concat(chunks) };
}

/**
 * Runs a CLI command on in-memory streams: `stdin` in, what it printed and its exit code out.
 * A command that takes more than the streams (a callback) is given the options' other fields.
 */
export async function runCli<Io extends CliIo>(
  command: CliCommand<Io>,
  options: { args: string[]; stdin?: string } & Omit<Io, keyof CliIo>,
): Promise<CliRun> {
  const { args, stdin, ...extras } = options;
  const stdout = collect();
  const stderr = collect();
  const io: CliIo = {
    stdin: Readable.from([Buffer.from(stdin ?? '')]),
    stdout: stdout.stream,
    stderr: stderr.stream,
  };
  // `extras` is exactly the part of Io beyond the streams.
  const code = await command(args, { ...extras, ...io } as unknown as Io);
  return new CliRun(code, stdout.bytes(), stderr.bytes().toString('utf8'));
}
