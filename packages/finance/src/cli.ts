#!/usr/bin/env node
import { runProgram, type CliCommand } from '@app/engine-kit';
import { runCategorizeCommand } from './cli/categorize.js';
import { runForecastCommand } from './cli/forecast.js';
import { runParseCommand } from './cli/parse.js';

const COMMANDS: Record<string, CliCommand> = {
  parse: runParseCommand,
  categorize: runCategorizeCommand,
  forecast: runForecastCommand,
};

const USAGE = `Usage: node packages/finance/dist/cli.js <command> [options]
  parse FILE                 a bank statement (.csv, .xls, .xlsx) as JSON
  categorize                 JSON lines {"id","description","amount"} in, categories out
  forecast --horizon DAYS    CSV "date,amount" in, daily balance forecast as JSON out
`;

process.exitCode = await runProgram({ commands: COMMANDS, usage: USAGE });
