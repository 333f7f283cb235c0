import { describe, expect, it } from 'vitest';
import { CARDS, subscribeLegalBasic } from '../modules/billing/billing-fixtures.js';
import { bearer, buildTestApp, signUpConfirmed, useTestApp } from '../test/test-app.js';

const TOKEN = 'metrics-token-for-the-tests';
const test = useTestApp({ METRICS_TOKEN: TOKEN });

function scrape(authorization?: string) {
  return test.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization ? { authorization } : {},
  });
}

describe('/metrics', () => {
  it('answers only the bearer METRICS_TOKEN', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer not-the-metrics-token')).statusCode).toBe(401);
    expect((await scrape(TOKEN)).statusCode).toBe(401);
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const plain = await buildTestApp();
    try {
      const response = await plain.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: bearer(TOKEN),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    } finally {
      await plain.close();
    }
  });

  it('counts requests and their time by route pattern, not by address', async () => {
    for (const neuron of ['LegalMind', 'Nucleus']) {
      await test.app.inject({ method: 'GET', url: `/api/payments/products/${neuron}` });
    }
    await test.app.inject({ method: 'GET', url: '/api/no-such-address-42' });

    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toContain(
      'neuron_http_request_duration_seconds_count{method="GET",route="/api/payments/products/:neuron",status="401"} 2',
    );
    expect(text).toContain(
      'neuron_http_request_duration_seconds_count{method="GET",route="(unmatched)",status="404"} 1',
    );
    expect(text).not.toContain('LegalMind');
    expect(text).not.toContain('no-such-address-42');
    expect(text).toContain('# TYPE neuron_http_request_errors_total counter');
  });

  it('reports the job queue by kind and the invoices by payment outcome', async () => {
    const { token } = await signUpConfirmed(test);
    await subscribeLegalBasic(test, token);
    const other = await signUpConfirmed(test);
    await subscribeLegalBasic(test, other.token, CARDS.threeDSecure);
    await test.app.deps.jobs.enqueue('metrics.example', {});
    test.clock.set(new Date(test.clock.now().getTime() + 90_000));

    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toContain('neuron_jobs{name="metrics.example",status="pending"} 1');
    expect(text).toMatch(/neuron_job_oldest_due_seconds\{name="metrics\.example"\} 9\d/);
    expect(text).toContain('neuron_invoices{status="paid"} 1');
    expect(text).toContain('neuron_invoices{status="open"} 1');
  });
});
