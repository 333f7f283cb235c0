/**
 * Load through the balancer: two API processes of the production build behind nginx against
 * one API process behind nginx, in the same run, on the same PostgreSQL database (README
 * "Scaling out"). Bounded autocannon runs on loopback over four calls a customer makes:
 * signing in, the current user, a neuron's token API, a module read (a transactions page).
 *
 *   npm run bench:scale
 *
 * Options: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres, where a
 * database is created and dropped), BENCH_SECONDS (default 5) per call and setup,
 * BENCH_CONNECTIONS (10). Needs nginx (`apt-get install -y nginx`).
 */
import autocannon from 'autocannon';
import {
  checkingAccount,
  httpClient,
  SCALE_PASSWORD,
  signUpThrough,
  subscribeWithCard,
} from '../apps/server/src/test/cluster-client.js';
import { startCluster } from '../apps/server/src/test/cluster.js';
import { formUpload } from '../apps/server/src/test/fixtures.js';
import {
  businessStatementRows,
  statementCsv,
} from '../apps/server/src/modules/financial-viewer/financial-viewer-fixtures.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARM_UP_SECONDS = 2;
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Route = {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
};

async function measure(base: string, route: Route, seconds = SECONDS) {
  const result = await autocannon({
    url: `${base}${route.path}`,
    method: route.method,
    headers: route.headers,
    ...(route.body ? { body: route.body } : {}),
    connections: CONNECTIONS,
    duration: seconds,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function main(): Promise<void> {
  const cluster = await startCluster({ serverUrl: SERVER_URL, apis: 2, workers: 1 });
  try {
    const call = httpClient(cluster.url);
    const user = await signUpThrough(call, cluster.sql);
    const { token } = user;
    // Business: its monthly calls (100,000) outlast the token API's runs.
    await subscribeWithCard(call, { token, neuron: 'FinancialViewer', planCode: 'BUSINESS' });
    const accountId = await checkingAccount(call, token);
    const imported = await call('POST', '/api/financialviewer/import', {
      token,
      form: formUpload({
        fields: { account_id: accountId },
        file: {
          field: 'document',
          body: Buffer.from(statementCsv(businessStatementRows(new Date())), 'utf8'),
          filename: 'movimientos.csv',
          contentType: 'text/csv',
        },
      }),
    });
    if (imported.status !== 200) throw new Error(`import: ${String(imported.status)}`);
    const access = await call<{ token: string }>('GET', '/api/microservice/token/FinancialViewer', {
      token,
    });
    const json = { 'content-type': 'application/json' };
    const session = { authorization: `Bearer ${token}`, 'x-app-id': 'web' };
    const routes: Route[] = [
      {
        name: 'POST /api/login',
        method: 'POST',
        path: '/api/login',
        headers: json,
        body: JSON.stringify({ email: user.email, password: SCALE_PASSWORD }),
      },
      { name: 'GET /api/user', method: 'GET', path: '/api/user', headers: session },
      {
        name: 'POST /v1/financial/getaccountsbalances',
        method: 'POST',
        path: `/v1/financial/getaccountsbalances?token=${access.body.token}`,
        headers: json,
        body: JSON.stringify({ account_ids: [accountId] }),
      },
      {
        name: 'GET /api/financialviewer/transaction',
        method: 'GET',
        path: '/api/financialviewer/transaction?pageSize=50',
        headers: session,
      },
    ];
    const single = await cluster.startBalancer([0]);
    const rows = [];
    for (const [index, route] of routes.entries()) {
      // Each process has run every call before it is measured; the order alternates.
      await measure(cluster.url, route, WARM_UP_SECONDS);
      const isSingleFirst = index % 2 === 0;
      const first = await measure(isSingleFirst ? single : cluster.url, route);
      const second = await measure(isSingleFirst ? cluster.url : single, route);
      const [one, two] = isSingleFirst ? [first, second] : [second, first];
      rows.push({ call: route.name, processes: 2, ...two });
      rows.push({ call: route.name, processes: 1, ...one });
    }
    console.log(
      `\nnginx → API processes of the build, PostgreSQL, ${String(CONNECTIONS)} connections, ${String(SECONDS)} s per call and setup; a shared, loaded 2-core machine`,
    );
    console.table(rows);
    for (let index = 0; index < rows.length; index += 2) {
      const [two, one] = [rows[index], rows[index + 1]];
      if (!two || !one) continue;
      console.log(
        `${two.call}: 2 processes give ${(two.requestsPerSecond / Math.max(1, one.requestsPerSecond)).toFixed(2)}× the requests of 1, p99 ${String(two.p99)} ms against ${String(one.p99)} ms`,
      );
    }
  } finally {
    await cluster.stop();
  }
}

await main();
process.exit(0);
