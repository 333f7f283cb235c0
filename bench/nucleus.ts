/**
 * Nucleus speed through the API on the embedded database (issue 15): adult (32,561 rows, 15
 * columns, `../shared/eval/synth/adult.csv`) from upload to a finished Bayesian-network run with
 * its quality report, then 1,000,000 rows generated from the stored model; the process's peak
 * memory (the CPU pool's threads included) sampled throughout, and how responsive the API stays:
 * while each run works, `/api/health` and the run's status are asked every 250 ms (as the web
 * app polls), their latency and the event loop's delay recorded, and the progress values the
 * status answered counted. Prints two tables.
 *
 *   npx tsx bench/nucleus.ts
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { TDataProfile, TRun, TUploadUrlResponse } from '../packages/contracts/src/nucleus.js';
import { evalDataPath } from '@app/engine-kit/testing';
import { starterTeam } from '../apps/server/src/modules/nucleus/relational-fixtures.js';
import { bearer, buildTestApp } from '../apps/server/src/test/test-app.js';

const GENERATED_ROWS = 1_000_000;
const test = await buildTestApp();
const { app } = test;
const megabytes = () => Math.round(process.memoryUsage().rss / 1024 / 1024);
let peak = megabytes();
const sampler = setInterval(() => (peak = Math.max(peak, megabytes())), 50);

async function call<T>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  session: string,
  payload?: object,
) {
  const response = await app.inject({
    method,
    url,
    headers: bearer(session),
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`);
  return response.json<T>();
}

const POLL_MILLISECONDS = 250;
const responsiveness: {
  step: string;
  polls: number;
  'progress values seen': string;
  'health p50 ms': number;
  'health max ms': number;
  'status max ms': number;
  'event-loop delay p99 ms': number;
  'event-loop delay max ms': number;
}[] = [];

const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.floor(values.length * share))
  ] ?? 0;

/**
 * Runs the queue until the run is final, asking `/api/health` and the run's status meanwhile as
 * the web app would; answers the run.
 */
async function finish(step: string, session: string, runId: string): Promise<TRun> {
  const health: number[] = [];
  const status: number[] = [];
  const progress = new Set<number>();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let isWorking = true;
  const timed = async <T>(into: number[], work: () => Promise<T>) => {
    const started = performance.now();
    const result = await work();
    into.push(performance.now() - started);
    return result;
  };
  const poll = async () => {
    while (isWorking) {
      await timed(health, () => app.inject({ method: 'GET', url: '/api/health' }));
      const run = await timed(status, () =>
        call<TRun>('GET', `/api/sinteza/run/${runId}`, session),
      );
      progress.add(run.progress);
      await new Promise((resolve) => setTimeout(resolve, POLL_MILLISECONDS));
    }
  };
  const polling = poll();
  try {
    await app.deps.jobs.runDue();
  } finally {
    isWorking = false;
    await polling;
    delay.disable();
  }
  responsiveness.push({
    step,
    polls: health.length,
    'progress values seen': [...progress].sort((a, b) => a - b).join(' '),
    'health p50 ms': Math.round(percentile(health, 0.5)),
    'health max ms': Math.round(Math.max(...health)),
    'status max ms': Math.round(Math.max(...status)),
    'event-loop delay p99 ms': Math.round(delay.percentile(99) / 1e6),
    'event-loop delay max ms': Math.round(delay.max / 1e6),
  });
  const run = await call<TRun>('GET', `/api/sinteza/run/${runId}`, session);
  if (run.status !== 'DONE') throw new Error(`run ${run.status}: ${run.errorMessage ?? ''}`);
  return run;
}

const rows: {
  step: string;
  target: string;
  seconds: string;
  'RSS before MB': number;
  'peak RSS MB': number;
}[] = [];
const measure = async <T>(step: string, target: string, work: () => Promise<T>): Promise<T> => {
  const before = megabytes();
  peak = before;
  const started = performance.now();
  const result = await work();
  rows.push({
    step,
    target,
    seconds: ((performance.now() - started) / 1000).toFixed(1),
    'RSS before MB': before,
    'peak RSS MB': peak,
  });
  return result;
};

try {
  const { session } = await starterTeam(test, 'PRO');
  const csv = readFileSync(evalDataPath('synth', 'adult.csv'));
  const synthesized = await measure(
    'adult: upload → DONE with report (Bayesian network)',
    '< 60 s',
    async () => {
      const upload = await call<TUploadUrlResponse>(
        'POST',
        '/api/sinteza/run/url?fileName=adult.csv',
        session,
      );
      const put = await app.inject({
        method: 'PUT',
        url: upload.signedUrl,
        payload: csv,
        headers: { 'content-type': 'text/csv' },
      });
      if (put.statusCode !== 204) throw new Error(put.body);
      const profile = await call<TDataProfile>(
        'PUT',
        `/api/sinteza/run/${upload.runId}/url/confirm`,
        session,
      );
      await call<TRun>('POST', '/api/sinteza/synthesize', session, {
        runId: profile.runId,
        algorithm: 'bayesian-network',
        seed: 1,
      });
      return finish('adult', session, profile.runId);
    },
  );
  const generated = await measure(
    `generate ${GENERATED_ROWS.toLocaleString('en-US')} rows from the stored model (job, with report)`,
    '< 10 s',
    async () => {
      const run = await call<TRun>(
        'POST',
        `/api/sinteza/generate?runId=${synthesized.id}&numRows=${String(GENERATED_ROWS)}`,
        session,
      );
      return finish('generate', session, run.id);
    },
  );
  for (const run of [synthesized, generated]) {
    const logs = await call<{ at: string; message: string }[]>(
      'GET',
      `/api/sinteza/run/${run.id}/logs`,
      session,
    );
    console.log(`${run.kind} run log:`);
    for (const log of logs) console.log(`  ${log.at.slice(11, 23)}  ${log.message}`);
  }
  console.table(rows);
  console.table(responsiveness);
} finally {
  clearInterval(sampler);
  await test.close();
}
