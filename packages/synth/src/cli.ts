#!/usr/bin/env node
import { runAlgorithmsCommand } from './cli/algorithms.js';
import type { CliIo } from './cli/cli-io.js';
import { runProfileCommand } from './cli/profile.js';
import { runReportCommand } from './cli/report.js';
import { runSynthesizeCommand } from './cli/synthesize.js';

const COMMANDS: Record<string, (args: string[], io: CliIo) => Promise<number>> = {
  algorithms: runAlgorithmsCommand,
  profile: runProfileCommand,
  synthesize: runSynthesizeCommand,
  report: runReportCommand,
};

const USAGE = `Usage: node packages/synth/dist/cli.js <command> [options]
  algorithms                                   the algorithms with their parameters, as JSON
  profile IN.csv                               column types, statistics and associations
  synthesize --algorithm NAME --rows N --seed S --format csv|jsonl [--schema S.json] IN.csv
  report REAL.csv SYNTH.csv [--holdout H.csv] [--schema S.json]
`;

const [name = '', ...args] = process.argv.slice(2);
const command = COMMANDS[name];
if (command) {
  process.exitCode = await command(args, {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
  });
} else {
  process.stderr.write(USAGE);
  process.exitCode = 2;
}
