import type { TImportResult, TTransactionsResponse } from '@app/contracts/financial-viewer';
import type { TSubscription } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../db/schema/index.js';
import { RENEW_JOB } from '../modules/billing/charges.js';
import {
  businessStatementRows,
  statementCsv,
} from '../modules/financial-viewer/financial-viewer-fixtures.js';
import { startCluster, type Cluster } from '../test/cluster.js';
import { formUpload } from '../test/fixtures.js';
import {
  checkingAccount,
  httpClient,
  poll,
  signUpThrough,
  subscribeWithCard,
  type Call,
} from '../test/cluster-client.js';

// `npm run test:scale`: two API processes and two job workers of the production build on one
// fresh PostgreSQL database and one storage folder, nginx in front; everything goes through
// the balancer, as a browser's requests would.

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('npm run test:scale needs TEST_DATABASE_URL (a PostgreSQL server)');

const METRICS_TOKEN = 'scale-out-test-metrics-token';
/** A worker that dies holding a job: another takes it once this lock has passed. */
const JOB_LOCK_SECONDS = 6;
const WRITERS = 8;
// Bounded by time and by the 8 writers; the count is only a guard, set above what a quick machine
// writes in 30 s, so the restarted process still gets writes to take.
const LOAD_LIMITS = { writes: 40_000, seconds: 30 };

let cluster: Cluster | undefined;
let db: ReturnType<typeof drizzle<typeof schema>>;
let owner: { token: string; teamId: string };
/** The checking account the journey imports into. */
let accountId: string;
const figures = {
  requests: 0,
  errors: 0,
  writesAcknowledged: 0,
  writesLost: 0,
  jobsCompleted: 0,
  jobsTakenOverFromDeadWorker: 0,
  jobsRunTwice: 0,
  writeFailures: 0,
};

beforeAll(async () => {
  cluster = await startCluster({
    serverUrl,
    apis: 2,
    workers: 2,
    env: {
      JOB_LOCK_SECONDS: String(JOB_LOCK_SECONDS),
      METRICS_TOKEN,
      SHUTDOWN_TIMEOUT_SECONDS: '5',
    },
  });
  db = drizzle(cluster.sql, { schema });
});

afterAll(async () => {
  if (!cluster) return;
  const completed = await db.select().from(schema.jobs).where(eq(schema.jobs.status, 'completed'));
  figures.jobsCompleted = completed.length;
  figures.jobsTakenOverFromDeadWorker = completed.filter((job) => job.attempts > 1).length;
  console.log('\nScale-out test (2 API processes, 2 workers, nginx; a loaded 2-core machine):');
  console.table(figures);
  await cluster.stop();
});

function running(): Cluster {
  if (!cluster) throw new Error('the cluster did not start');
  return cluster;
}

/** A call through the balancer; `figures` counts it, and a 5xx as an error. */
const call: Call = (method, path, options) =>
  httpClient(running().url, (status) => {
    figures.requests += 1;
    if (status >= 500) figures.errors += 1;
  })(method, path, options);

/** Sends a statement to the checking account through the balancer. */
const importThrough = (token: string, csv: string, filename: string) =>
  call<TImportResult>('POST', '/api/financialviewer/import', {
    token,
    form: formUpload({
      fields: { account_id: accountId },
      file: {
        field: 'document',
        body: Buffer.from(csv, 'utf8'),
        filename,
        contentType: 'text/csv',
      },
    }),
  });

describe('the production build scaled out behind a load balancer', () => {
  it('signs up, confirms by mail, subscribes with a card and imports a statement through a worker', async () => {
    owner = await signUpThrough(call, running().sql);
    const { token } = owner;
    await subscribeWithCard(call, { token, neuron: 'FinancialViewer', planCode: 'BASIC' });
    accountId = await checkingAccount(call, token);
    // Large enough to be a job: one API process stores it in the shared folder, a worker reads it.
    const rows = largeStatementRows(new Date());
    const csv = statementCsv(rows);
    expect(csv.length).toBeGreaterThan(512 * 1024);
    const imported = await importThrough(token, csv, 'movimientos.csv');
    expect(imported.status, JSON.stringify(imported.body)).toBe(202);
    const done = await poll(
      () =>
        call<TImportResult>('GET', `/api/financialviewer/import/${imported.body.importId}`, {
          token,
        }),
      (answer) => !['QUEUED', 'RUNNING'].includes(answer.body.status),
      'the statement import',
    );
    expect(done.body.status).toBe('DONE');

    const from = rows[0]!.date;
    const page = await call<TTransactionsResponse>(
      'GET',
      `/api/financialviewer/transaction?valueDateFrom=${from}&pageSize=50`,
      { token },
    );
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(rows.length);
  });

  it('finishes a job once on the other worker when its worker is killed in the middle of it', async () => {
    const { token } = owner;
    const [subscription] = (
      await call<TSubscription[]>('GET', '/api/user/subscriptions', { token })
    ).body;
    const [renewal] = await db
      .select()
      .from(schema.jobs)
      .where(
        and(
          eq(schema.jobs.name, RENEW_JOB),
          sql`${schema.jobs.payload}->>'subscriptionId' = ${subscription!.id}`,
        ),
      );
    expect(renewal?.status).toBe('pending');

    // The renewal stops at its first step, the subscription's row lock, held here: the job is
    // claimed and in the middle of its work for as long as this transaction is open.
    const holder = await running().sql.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM subscriptions WHERE id = $1 FOR UPDATE', [
        subscription!.id,
      ]);
      await db
        .update(schema.jobs)
        .set({ runAt: new Date() })
        .where(eq(schema.jobs.id, renewal!.id));
      const victim = await lockWaiter(holder, 'a worker to take the renewal');
      victim.server.child.kill('SIGKILL');
      await victim.server.exited;
      await holder.query('COMMIT');
      // Two workers again for what follows.
      await running().restartWorker(running().workers.indexOf(victim));
    } finally {
      holder.release();
    }

    const finished = await poll(
      async () => (await db.select().from(schema.jobs).where(eq(schema.jobs.id, renewal!.id)))[0],
      (job) => job?.status === 'completed',
      'the renewal on the other worker',
    );
    expect(finished!.attempts).toBe(2);
    const invoices = await db
      .select()
      .from(schema.invoices)
      .where(eq(schema.invoices.subscriptionId, subscription!.id));
    const renewalInvoices = invoices.filter(
      (invoice) => invoice.periodStart.toISOString() === subscription!.endDate,
    );
    figures.jobsRunTwice += Math.max(0, renewalInvoices.length - 1);
    expect(renewalInvoices.map((invoice) => invoice.status)).toEqual(['paid']);
    const charges = await db
      .select()
      .from(schema.sandboxPaymentIntents)
      .where(eq(schema.sandboxPaymentIntents.status, 'succeeded'));
    expect(charges).toHaveLength(2);
    const renewed = (await call<TSubscription[]>('GET', '/api/user/subscriptions', { token }))
      .body[0];
    expect(renewed).toMatchObject({ status: 'ACTIVE', startDate: subscription!.endDate });
  });

  it('finishes a statement import once on the other worker when its worker is killed in the middle of it', async () => {
    const { token } = owner;
    // The year before the journey's: no day in common, so every row is new to the account.
    const rows = largeStatementRows(new Date(Date.now() - 400 * 24 * 3600 * 1000));
    // The import parses the file, then waits for the account's row lock, held here, at the start
    // of its one transaction of rows: it is in the middle of its work while this is open. (Not
    // FOR UPDATE: the import's row, which refers to the account, could not be written.)
    const holder = await running().sql.connect();
    let importId: string;
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM fv_accounts WHERE id = $1 FOR NO KEY UPDATE', [accountId]);
      const imported = await importThrough(token, statementCsv(rows), 'movimientos-anteriores.csv');
      expect(imported.status, JSON.stringify(imported.body)).toBe(202);
      importId = imported.body.importId;
      const victim = await lockWaiter(holder, 'a worker to take the import');
      victim.server.child.kill('SIGKILL');
      await victim.server.exited;
      await holder.query('COMMIT');
    } finally {
      holder.release();
    }

    const done = await poll(
      () => call<TImportResult>('GET', `/api/financialviewer/import/${importId}`, { token }),
      (answer) => !['QUEUED', 'RUNNING'].includes(answer.body.status),
      'the import on the other worker',
    );
    // Had it run twice, the second run would have found every row already there (added 0).
    expect(done.body).toMatchObject({ status: 'DONE', added: rows.length });
    const [job] = await db
      .select()
      .from(schema.jobs)
      .where(sql`${schema.jobs.payload}->>'importId' = ${importId}`);
    expect(job).toMatchObject({ status: 'completed', attempts: 2 });
    const [stored] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(schema.fvTransactions)
      .where(eq(schema.fvTransactions.importId, importId));
    figures.jobsRunTwice += stored!.count > rows.length ? 1 : 0;
    expect(stored!.count).toBe(rows.length);
  });

  it('loses no acknowledged write when an API process is killed under load, and serves again once restarted', async () => {
    const { token } = owner;
    const acknowledged: string[] = [];
    const failures: { writer: number; status: number; at: number; error?: string }[] = [];
    const started = Date.now();
    let sent = 0;
    let isStopping = false;
    const writer = async (client: number) => {
      for (let n = 0; !isStopping && sent < LOAD_LIMITS.writes; n++) {
        sent += 1;
        try {
          const answer = await call<{ companyId: string }>(
            'POST',
            '/api/financialviewer/account/companies',
            { token, json: { companyName: `Load ${String(client)}-${String(n)}` } },
          );
          if (answer.status === 201) acknowledged.push(answer.body.companyId);
          else failures.push({ writer: client, status: answer.status, at: Date.now() - started });
        } catch (error) {
          figures.requests += 1;
          figures.errors += 1;
          failures.push({
            writer: client,
            status: 0,
            at: Date.now() - started,
            error: String(error),
          });
        }
      }
    };
    const load = Promise.all(Array.from({ length: WRITERS }, (_, client) => writer(client)));
    const stopTimer = setTimeout(() => (isStopping = true), LOAD_LIMITS.seconds * 1000);
    try {
      await new Promise((resolve) => setTimeout(resolve, 4000));
      const killed = running().apis[0]!;
      const killedAt = Date.now() - started;
      killed.server.child.kill('SIGKILL');
      await killed.server.exited;
      await new Promise((resolve) => setTimeout(resolve, 4000));
      const restartedAt = Date.now() - started;
      const restarted = await running().restartApi(0);
      const writesBeforeRestart = await writesServedBy(restarted.url!);
      await new Promise((resolve) => setTimeout(resolve, 5000));
      isStopping = true;
      await load;

      figures.writeFailures = failures.length;
      // Only requests nginx had sent to the killed process fail, each a 502 (nginx does not
      // send a POST again): those in flight on it at the kill, and any it sent there before it
      // saw the process gone. Its first error takes the process out of rotation
      // (max_fails=1) for 2 s, after which a connection to the closed port is refused before
      // anything is sent, and a refused request goes to the other process; the process comes
      // back only once restarted. So every failure is answered in the kill window, after the
      // kill and before the restart, and a writer, with one request at a time, fails at most
      // once: no failure in the steady load before, none from the restart, none after.
      for (const failure of failures) {
        expect(failure.status, failure.error).toBe(502);
        expect(failure.at).toBeGreaterThanOrEqual(killedAt);
        expect(failure.at).toBeLessThan(restartedAt);
      }
      const writersFailed = failures.map((failure) => failure.writer);
      expect(new Set(writersFailed).size).toBe(writersFailed.length);
      const listed = await call<{ companyId: string }[]>(
        'GET',
        '/api/financialviewer/account/companies',
        {
          token,
        },
      );
      const stored = new Set(listed.body.map((company) => company.companyId));
      const lost = acknowledged.filter((id) => !stored.has(id));
      figures.writesAcknowledged = acknowledged.length;
      figures.writesLost = lost.length;
      expect(lost).toEqual([]);
      expect(acknowledged.length).toBeGreaterThan(WRITERS);
      // The new process took its share of the writes through the balancer.
      expect(await writesServedBy(restarted.url!)).toBeGreaterThan(writesBeforeRestart);
      const direct = await call('GET', '/api/user', { token, base: restarted.url });
      expect(direct.status).toBe(200);
    } finally {
      clearTimeout(stopTimer);
      isStopping = true;
      await load;
    }
  });
});

/** The worker waiting for a row lock `holder` holds, once one waits. */
async function lockWaiter(holder: PoolClient, what: string) {
  const waiting = await poll(
    async () =>
      (
        await holder.query<{ application_name: string }>(
          `SELECT application_name FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock'
             AND application_name LIKE 'worker-%'`,
        )
      ).rows,
    (rows) => rows.length > 0,
    what,
  );
  const victim = running().workers.find((worker) => worker.name === waiting[0]!.application_name);
  if (!victim) throw new Error(`no worker named ${waiting[0]!.application_name}`);
  return victim;
}

/** The companies this process created, from its own `/metrics`. */
async function writesServedBy(url: string): Promise<number> {
  const response = await fetch(`${url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await response.text();
  const line = text
    .split('\n')
    .find(
      (entry) =>
        entry.startsWith('neuron_http_request_duration_seconds_count{') &&
        entry.includes('method="POST"') &&
        entry.includes('route="/api/financialviewer/account/companies"') &&
        entry.includes('status="201"'),
    );
  return line ? Number(line.split(' ').at(-1)) : 0;
}

/**
 * A year of a small business's account up to `end`, many lines a day: over the import's job
 * threshold.
 */
function largeStatementRows(end: Date) {
  const year = businessStatementRows(end, 360);
  const rows = [];
  for (let copy = 0; copy < 80; copy++) {
    for (const row of year)
      rows.push({ ...row, description: `${row.description} ${String(copy)}` });
  }
  return rows;
}
