import type { UsageSummary } from './report-usage.js';

/** The streams a command reads and writes: the process's own, or in-memory ones in tests. */
export type CliIo = {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** Told what a synthesis produced, for `--report-usage`. */
  onSynthesized?: (summary: UsageSummary) => void;
};
