#!/usr/bin/env node
import { runAnonymizeCommand } from './cli/anonymize.js';
import type { CliIo } from './cli/cli-io.js';
import { runDetectCommand } from './cli/detect.js';

const COMMANDS: Record<string, (args: string[], io: CliIo) => Promise<number>> = {
  detect: runDetectCommand,
  anonymize: runAnonymizeCommand,
};

const USAGE = `Usage: node packages/anonymizer/dist/cli.js <command> [options]
  detect                         JSON lines {"id","text"} in, {"id","spans"} out
  anonymize --mode text|html     standard input in, its anonymised form out
            [--style placeholder|mask|surrogate] [--mask TEXT] [--seed N]
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
