/** The streams a command reads and writes: the process's own, or in-memory ones in tests. */
export type CliIo = {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
};

/** One command of a command line: its arguments and streams in, its exit code out. */
export type CliCommand<Io extends CliIo = CliIo> = (args: string[], io: Io) => Promise<number>;
