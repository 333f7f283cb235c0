import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client.js';
import { invoices, jobs } from '../db/schema/index.js';
import type { Clock } from './clock.js';
import { AppError } from './errors.js';

/**
 * Prometheus metrics at `/metrics`, for a bearer `METRICS_TOKEN`; without it the endpoint
 * answers 404 like any unknown address. Requests are counted by route pattern, never by raw
 * address. Jobs and invoices are read from the database at each scrape, so every API process
 * reports the same totals, whichever process did the work.
 */
export function registerMetrics(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock; token: string | undefined },
): void {
  const { token } = deps;
  if (!token) {
    app.get('/metrics', { schema: { hide: true } }, () => {
      throw new AppError('NOT_FOUND');
    });
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'neuron_' });
  const labelNames = ['method', 'route', 'status'] as const;
  const duration = new Histogram({
    name: 'neuron_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern and status (its count is the request rate).',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'neuron_http_request_errors_total',
    help: 'Requests answered with a 5xx status, by route pattern.',
    labelNames,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: routeOf(request),
      status: String(reply.statusCode),
    };
    duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) errors.inc(labels);
  });

  new Gauge({
    name: 'neuron_jobs',
    help: 'Jobs in the queue by kind and status (pending is the depth, failed the final failures).',
    labelNames: ['name', 'status'],
    registers: [registry],
    async collect() {
      const result = (await deps.db.execute(
        sql`select ${jobs.name} as name, ${jobs.status} as status, count(*)::int as n
            from ${jobs} group by 1, 2`,
      )) as { rows: { name: string; status: string; n: number }[] };
      this.reset();
      for (const row of result.rows) this.set({ name: row.name, status: row.status }, row.n);
    },
  });
  new Gauge({
    name: 'neuron_job_oldest_due_seconds',
    help: 'Age of the oldest job that is due and not yet taken, by kind.',
    labelNames: ['name'],
    registers: [registry],
    async collect() {
      const now = deps.clock.now().toISOString();
      const result = (await deps.db.execute(
        sql`select ${jobs.name} as name,
              extract(epoch from (${now}::timestamptz - min(${jobs.runAt})))::float as age
            from ${jobs} where ${jobs.status} = 'pending' and ${jobs.runAt} <= ${now}::timestamptz
            group by 1`,
      )) as { rows: { name: string; age: number }[] };
      this.reset();
      for (const row of result.rows) this.set({ name: row.name }, row.age);
    },
  });
  new Gauge({
    name: 'neuron_job_retries',
    help: 'Jobs waiting for another attempt after a failure, by kind.',
    labelNames: ['name'],
    registers: [registry],
    async collect() {
      const result = (await deps.db.execute(
        sql`select ${jobs.name} as name, count(*)::int as n from ${jobs}
            where ${jobs.status} = 'pending' and ${jobs.lastError} is not null group by 1`,
      )) as { rows: { name: string; n: number }[] };
      this.reset();
      for (const row of result.rows) this.set({ name: row.name }, row.n);
    },
  });
  new Gauge({
    name: 'neuron_invoices',
    help: 'Invoices by payment outcome: paid, open (not paid yet or refused), void, uncollectible.',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const result = (await deps.db.execute(
        sql`select ${invoices.status} as status, count(*)::int as n from ${invoices}
            where ${invoices.status} <> 'draft' group by 1`,
      )) as { rows: { status: string; n: number }[] };
      this.reset();
      for (const row of result.rows) this.set({ status: row.status }, row.n);
    },
  });

  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      throw new AppError('UNAUTHORIZED');
    }
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}

/** The route's pattern (`/api/teams/:id`); an address no route matches is one label. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? '(unmatched)';
}

/** Equal-length digests, so the comparison takes the same time whatever the header is. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
