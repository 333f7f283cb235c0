import type { TRunsQuery } from '@app/contracts/nucleus';

/** Every query key of Nucleus, built in one place so invalidation can't miss. */
export const nucleusKeys = {
  all: ['nucleus'] as const,
  access: () => [...nucleusKeys.all, 'access'] as const,
  algorithms: () => [...nucleusKeys.all, 'algorithms'] as const,
  limits: () => [...nucleusKeys.all, 'limits'] as const,
  usage: () => [...nucleusKeys.all, 'usage'] as const,
  edgePackages: () => [...nucleusKeys.all, 'edge', 'packages'] as const,
  /** Every list of runs and every run: what a new, cancelled or deleted run changes. */
  runs: () => [...nucleusKeys.all, 'runs'] as const,
  runList: (query: TRunsQuery) => [...nucleusKeys.runs(), 'list', query] as const,
  run: (runId: string) => [...nucleusKeys.runs(), 'run', runId] as const,
  runLogs: (runId: string) => [...nucleusKeys.run(runId), 'logs'] as const,
  /** `table`: a relational run's table (null for a run of one table). */
  runReport: (runId: string, table: string | null = null) =>
    [...nucleusKeys.run(runId), 'report', table] as const,
};
