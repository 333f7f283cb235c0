import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

export type ServerProcess = {
  child: ChildProcess;
  /** Everything the process wrote, stdout and stderr. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
};

/**
 * Runs an entry point (the API `main`, the job `worker`, `backup`, `restore`) as a process of its
 * own: from the sources (`src/*.ts`, through tsx), or from the production build (`dist/*.js`).
 */
export function startProcess(
  entry:
    | 'src/main.ts'
    | 'src/worker.ts'
    | 'src/backup.ts'
    | 'src/restore.ts'
    | 'dist/main.js'
    | 'dist/worker.js',
  env: Record<string, string>,
  args: string[] = [],
): ServerProcess {
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : ['--enable-source-maps'];
  const child = spawn(process.execPath, [...loader, entry, ...args], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'neuron-process-')),
      EXCHANGE_RATES_URL: 'off',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, output: () => output, exited };
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}
