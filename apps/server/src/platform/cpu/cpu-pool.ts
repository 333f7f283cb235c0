import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { AppError } from '../errors.js';
import type * as tasks from './tasks.js';

/** Every function the tasks module exports is a task. */
type Tasks = typeof tasks;

/** The tasks module: compiled JavaScript beside this file, or the sources through tsx. */
function tasksFile(): string {
  const isCompiled = import.meta.url.endsWith('.js');
  return new URL(isCompiled ? './tasks.js' : './tasks-from-source.mjs', import.meta.url).href;
}

/**
 * Worker threads for CPU-heavy work (anonymising, reading and categorising statements, finding
 * recurring payments, drawing invoice PDFs, Nucleus runs), so the request loop keeps answering
 * meanwhile. Threads start on first use and stop after a minute idle; past `maxQueue` waiting
 * tasks a task is refused with 503 BUSY rather than queued without end.
 */
export class CpuPool {
  private pool: Piscina | undefined;

  constructor(private readonly options: { maxThreads: number; maxQueue: number }) {}

  /** Runs a task; aborting `signal` stops it at once (its thread is ended) and rejects. */
  async run<Name extends keyof Tasks>(
    name: Name,
    input: Parameters<Tasks[Name]>[0],
    options: { signal?: AbortSignal } = {},
  ): Promise<Awaited<ReturnType<Tasks[Name]>>> {
    this.pool ??= new Piscina({
      filename: tasksFile(),
      minThreads: 0,
      maxThreads: this.options.maxThreads,
      maxQueue: this.options.maxQueue,
      idleTimeout: 60_000,
    });
    if (this.pool.queueSize >= this.options.maxQueue) {
      throw new AppError('BUSY', {
        message: 'The service is busy with other work, try again in a moment.',
      });
    }
    return (await this.pool.run(input, {
      name,
      ...(options.signal ? { signal: options.signal } : {}),
    })) as Awaited<ReturnType<Tasks[Name]>>;
  }

  /** Stops the threads; a later task starts them again. */
  async close(): Promise<void> {
    const current = this.pool;
    this.pool = undefined;
    await current?.destroy();
  }
}

const threads = Math.max(1, availableParallelism() - 1);

/** The process's pool: a thread per spare core, at least one, and 8 waiting tasks per thread. */
export const cpuPool = new CpuPool({ maxThreads: threads, maxQueue: threads * 8 });
