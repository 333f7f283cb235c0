#!/usr/bin/env node
import { runProgram, type CliCommand } from '@app/engine-kit';
import { runAnonymizeCommand } from './cli/anonymize.js';
import { runDetectCommand } from './cli/detect.js';

const COMMANDS: Record<string, CliCommand> = {
  detect: runDetectCommand,
  anonymize: runAnonymizeCommand,
};

const USAGE = `Usage: node packages/anonymizer/dist/cli.js <command> [options]
  detect                         JSON lines {"id","text"} in, {"id","spans"} out
  anonymize --mode text|html     standard input in, its anonymised form out
            [--style placeholder|mask|surrogate] [--mask TEXT] [--seed N]
`;

process.exitCode = await runProgram({ commands: COMMANDS, usage: USAGE });
