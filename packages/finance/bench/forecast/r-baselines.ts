import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import type { PathForecast } from './backtest.js';

export type BaselineTask = { id: string; train: readonly number[]; horizon: number };
export type BaselineModel = 'ets' | 'arima';

const SCRIPT = fileURLToPath(new URL('baselines.R', import.meta.url));

function runRscript(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('Rscript', [SCRIPT, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => {
      reject(
        new Error(
          `Rscript could not start (${error.message}); install R's forecast package: ` +
            'apt-get install -y --no-install-recommends r-cran-forecast',
        ),
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`Rscript failed (exit ${code}): ${stderr}`));
    });
  });
}

/**
 * Forecasts every task with R's `forecast::ets` and `forecast::auto.arima` (default
 * settings, series of the given seasonal frequency), split over `workers` R processes.
 */
export async function forecastWithR(options: {
  tasks: readonly BaselineTask[];
  frequency: number;
  workers: number;
}): Promise<Map<string, Record<BaselineModel, PathForecast>>> {
  const directory = mkdtempSync(path.join(tmpdir(), 'forecast-bench-'));
  try {
    const chunks = Array.from({ length: options.workers }, (_, worker) =>
      options.tasks.filter((_, index) => index % options.workers === worker),
    );
    await Promise.all(
      chunks.map(async (chunk, worker) => {
        const values = chunk.flatMap((task) => task.train.map((value) => `${task.id},${value}`));
        const files = ['values', 'tasks', 'out'].map((name) =>
          path.join(directory, `${name}-${worker}.csv`),
        );
        const [valuesFile = '', tasksFile = '', outFile = ''] = files;
        writeFileSync(valuesFile, ['id,value', ...values].join('\n'));
        writeFileSync(
          tasksFile,
          ['id,h', ...chunk.map((task) => `${task.id},${task.horizon}`)].join('\n'),
        );
        await runRscript([valuesFile, tasksFile, outFile, String(options.frequency)]);
      }),
    );
    const results = new Map<string, Record<BaselineModel, PathForecast>>();
    for (let worker = 0; worker < options.workers; worker += 1) {
      const rows = Papa.parse<Record<string, string>>(
        readFileSync(path.join(directory, `out-${worker}.csv`), 'utf8'),
        { header: true, skipEmptyLines: true },
      ).data;
      for (const row of rows) {
        const id = row.id ?? '';
        const entry = results.get(id) ?? {
          ets: { mean: [], low: [], high: [] },
          arima: { mean: [], low: [], high: [] },
        };
        const model: BaselineModel = row.model === 'ets' ? 'ets' : 'arima';
        const step = Number(row.step) - 1;
        entry[model].mean[step] = Number(row.mean);
        entry[model].low[step] = Number(row.lo);
        entry[model].high[step] = Number(row.hi);
        results.set(id, entry);
      }
    }
    return results;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
