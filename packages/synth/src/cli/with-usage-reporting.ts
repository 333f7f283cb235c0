import type { CliCommand } from '@app/engine-kit';
import {
  reportUsage,
  takeUsageTarget,
  usageQueueFile,
  type SynthesisIo,
  type UsageSummary,
} from './report-usage.js';

/**
 * The commands with `--report-usage URL --token TOKEN` taken off their arguments: a synthesis
 * that succeeds is then reported to the platform. A wrong pair of options prints the error and
 * the usage, for exit code 2.
 */
export function withUsageReporting(
  commands: Record<string, CliCommand<SynthesisIo>>,
  usageText: string,
): Record<string, CliCommand> {
  const withReporting = (command: CliCommand<SynthesisIo>): CliCommand => {
    return async (given, io) => {
      const usage = takeUsageTarget(given);
      if (usage.error !== undefined) {
        io.stderr.write(`Error: ${usage.error}\n${usageText}`);
        return 2;
      }
      const started = performance.now();
      let summary: UsageSummary | undefined;
      const code = await command(usage.args, {
        ...io,
        onSynthesized: (synthesized) => {
          summary = synthesized;
        },
      });
      if (code === 0 && summary && usage.target) {
        await reportUsage({
          target: usage.target,
          summary,
          durationMs: performance.now() - started,
          // The edge package's bundle is built with its version in place of this variable.
          version: process.env.SINTEZA_EDGE_VERSION ?? 'dev',
          queueFile: usageQueueFile(),
          stderr: io.stderr,
        });
      }
      return code;
    };
  };
  return Object.fromEntries(
    Object.entries(commands).map(([name, command]) => [name, withReporting(command)]),
  );
}
