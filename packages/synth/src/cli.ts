#!/usr/bin/env node
import { runAlgorithmsCommand } from './cli/algorithms.js';
import { runProgram, type CliCommand } from '@app/engine-kit';
import { runConvertCommand } from './cli/convert.js';
import { runGenerateCommand } from './cli/generate.js';
import { runProfileCommand } from './cli/profile.js';
import { runReportCommand } from './cli/report.js';
import type { SynthesisIo } from './cli/report-usage.js';
import { runSynthesizeCommand } from './cli/synthesize.js';
import { runSynthesizeRelationalCommand } from './cli/synthesize-relational.js';
import { withUsageReporting } from './cli/with-usage-reporting.js';

const COMMANDS: Record<string, CliCommand<SynthesisIo>> = {
  algorithms: runAlgorithmsCommand,
  profile: runProfileCommand,
  synthesize: runSynthesizeCommand,
  report: runReportCommand,
  convert: runConvertCommand,
  generate: runGenerateCommand,
  'synthesize-relational': runSynthesizeRelationalCommand,
};

const USAGE = `Usage: node packages/synth/dist/cli.js <command> [options]
  algorithms                                   the algorithms with their parameters, as JSON
  profile IN                                   column types, statistics and associations
  synthesize --algorithm NAME --rows N --seed S --format csv|jsonl|parquet|xlsx
             [--parameters JSON] [--schema S.json] [--save-model MODEL.json] IN
  generate --model MODEL.json --rows N [--seed S] [--format F]
                                               more rows from a saved model, without fitting
  report REAL SYNTH [--holdout H [--target COLUMN]] [--schema S.json]
  convert --format csv|jsonl|parquet|xlsx IN   a table (e.g. a generated output) in another format
  synthesize-relational --table NAME=FILE … --primary-key NAME.COLUMN …
             --foreign-key CHILD.COLUMN=PARENT … --out DIR [--algorithm NAME] [--seed S]
             [--scale X] [--format F] [--parameters JSON] [--save-model MODEL.json]
  generate --model MODEL.json --out DIR [--scale X] [--seed S] [--format F]   (relational)
Input files are CSV, Parquet (.parquet) or XLSX (.xlsx); - reads CSV from standard input.
  --report-usage URL --token TOKEN             after synthesize or synthesize-relational, report the
                                               algorithm and rows (no data) to the Nucleus platform's
                                               edge meter; a report that cannot be sent is kept in
                                               ~/.sinteza/usage-queue.jsonl (SINTEZA_USAGE_QUEUE) and
                                               sent on the next run
`;

process.exitCode = await runProgram({
  commands: withUsageReporting(COMMANDS, USAGE),
  usage: USAGE,
});
