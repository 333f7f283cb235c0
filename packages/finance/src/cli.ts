#!/usr/bin/env node
import { runCategorizeCommand } from './cli/categorize.js';
import type { CliIo } from './cli/cli-io.js';
import { runForecastCommand } from './cli/forecast.js';
import { runParseCommand } from './cli/parse.js';

const COMMANDS: Record<string, (args: string[], io: CliIo) => Promise<number>> = {
  parse: runParseCommand,
  categorize: runCategorizeCommand,
  forecast: runForecastCommand,
};

const USAGE = `Usage: node packages/finance/dist/cli.js <command> [options]
  parse FILE                 a bank statement (.csv, .xls, .xlsx) as JSON
  categorize                 JSON lines {"id","description","amount"} in, categories out
  forecast --horizon DAYS    CSV "date,amount" in, daily balance forecast as JSON out
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
