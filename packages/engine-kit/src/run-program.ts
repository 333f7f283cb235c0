import type { CliCommand, CliIo } from './cli-io.js';

/**
 * A command line's main: runs the command its first argument names with the other arguments;
 * any other first argument prints the usage to standard error, for exit code 2.
 */
export async function runProgram(options: {
  commands: Record<string, CliCommand>;
  usage: string;
  argv?: string[];
  io?: CliIo;
}): Promise<number> {
  const io = options.io ?? { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
  const [name = '', ...args] = options.argv ?? process.argv.slice(2);
  const command = Object.hasOwn(options.commands, name) ? options.commands[name] : undefined;
  if (command) return command(args, io);
  io.stderr.write(options.usage);
  return 2;
}
