/**
 * The cost of being signed in: requests per second of an unauthenticated call and of
 * authenticated reads, over HTTP on loopback with autocannon, on PGlite and on PostgreSQL.
 *
 *   npx tsx bench/auth-requests.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/auth-requests.ts
 *
 * Options: BENCH_SECONDS (default 5) per call, BENCH_CONNECTIONS (10).
 */
import autocannon from 'autocannon';
import { buildTestApp, bearer, signUpConfirmed } from '../apps/server/src/test/test-app.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;

async function measure(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function main(): Promise<void> {
  const test = await buildTestApp({ RATE_LIMIT_AUTH_MAX: '100000000' });
  const { token } = await signUpConfirmed(test);
  const address = await test.app.listen({ host: '127.0.0.1', port: 0 });
  const calls = [
    { call: 'GET /api/health (no session)', path: '/api/health', headers: {} },
    { call: 'GET /api/user', path: '/api/user', headers: bearer(token) },
    { call: 'GET /api/team', path: '/api/team', headers: bearer(token) },
  ];
  const rows = [];
  for (const { call, path, headers } of calls) {
    rows.push({ call, ...(await measure(`${address}${path}`, headers)) });
  }
  const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`\n${database}, ${String(CONNECTIONS)} connections, ${String(SECONDS)} s per call`);
  console.table(rows);
  const base = rows[0]?.requestsPerSecond ?? 1;
  for (const row of rows.slice(1)) {
    console.log(
      `${row.call}: ${(base / row.requestsPerSecond).toFixed(2)}× the cost of an unauthenticated call`,
    );
  }
  await test.close();
}

await main();
process.exit(0);
