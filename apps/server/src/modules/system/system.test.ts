import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../platform/storage.js';
import { buildTestApp, expectAppError, useTestApp } from '../../test/test-app.js';

const test = useTestApp();

describe('system routes', () => {
  it('reports a healthy database', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('is live while the process answers, and ready with its database migrated', async () => {
    const live = await test.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await test.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok', migrations: 'ok' });
  });

  it('is not ready while a migration of this build is missing from the database', async () => {
    const { db } = test.app.deps;
    const migrations = sql.raw('drizzle.__drizzle_migrations');
    const result = (await db.execute(
      sql`delete from ${migrations} where id = (select max(id) from ${migrations}) returning *`,
    )) as { rows: { id: number; hash: string; created_at: string }[] };
    const [removed] = result.rows;
    try {
      const ready = await test.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        error: { code: 'BUSY', message: 'Database migrations pending' },
      });
      const live = await test.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
    } finally {
      await db.execute(
        sql`insert into ${migrations} (id, hash, created_at) values (${removed!.id}, ${removed!.hash}, ${removed!.created_at})`,
      );
    }
  });

  it('is not ready once the process drains, and still live and healthy', async () => {
    const draining = await buildTestApp();
    try {
      draining.app.deps.lifecycle.drain();
      const ready = await draining.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ error: { code: 'BUSY', message: 'Shutting down' } });
      const live = await draining.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      const health = await draining.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await draining.close();
    }
  });

  it('sends security headers', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('keeps Stripe out of the Content-Security-Policy with the sandbox gateway', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/health' });
    const policy = parsePolicy(response.headers['content-security-policy']);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['frame-src']).toBeUndefined();
    expect(String(response.headers['content-security-policy'])).not.toContain('stripe');
  });

  it('allows Stripe.js, its frames and its API when the Stripe gateway is configured', async () => {
    const stripe = await buildTestApp({
      STRIPE_SECRET_KEY: 'sk_test_51QpKZZ',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51QpKZZ',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_5f1e2d3c4b5a69788796a5b4c3d2e1f0',
    });
    try {
      const response = await stripe.app.inject({ method: 'GET', url: '/api/health' });
      const policy = parsePolicy(response.headers['content-security-policy']);
      expect(policy['script-src']).toEqual([
        "'self'",
        'https://js.stripe.com',
        'https://*.js.stripe.com',
      ]);
      expect(policy['frame-src']).toEqual([
        "'self'",
        'https://js.stripe.com',
        'https://*.js.stripe.com',
        'https://hooks.stripe.com',
      ]);
      expect(policy['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
    } finally {
      await stripe.close();
    }
  });

  it('does not let a client pick its address through X-Forwarded-For', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_AUTH_MAX: '2' });
    try {
      const attempt = (forwardedFor: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/forgot_password',
          headers: { 'x-forwarded-for': forwardedFor },
          payload: { email: 'ana@acme-industries.com' },
        });
      expect((await attempt('10.0.0.1')).statusCode).toBe(204);
      expect((await attempt('10.0.0.2')).statusCode).toBe(204);
      expectAppError(await attempt('10.0.0.3'), 429, 'RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });

  it('answers unknown API paths with the JSON 404 envelope', async () => {
    expectAppError(
      await test.app.inject({ method: 'GET', url: '/api/nothing-here' }),
      404,
      'NOT_FOUND',
    );
  });

  it('takes a file at a signed upload address, up to its size, and nothing at a forged one', async () => {
    const url = await test.app.deps.storage.signedUploadUrl('tests/upload.csv', { maxBytes: 10 });
    const put = (address: string, payload: string) =>
      test.app.inject({
        method: 'PUT',
        url: address,
        headers: { 'content-type': 'text/csv' },
        payload,
      });
    expectAppError(await put(url, 'a,b\n1,2,3,4,5\n'), 413, 'PAYLOAD_TOO_LARGE');
    expectAppError(
      await put(url.replace(/signature=[^&]+/, 'signature=forged'), 'a,b\n'),
      403,
      'FORBIDDEN',
    );
    // Refused before its body is read: a body past the route's own limit would otherwise be 413.
    const huge = await test.app.inject({
      method: 'PUT',
      url: url.replace(/signature=[^&]+/, 'signature=forged'),
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(UPLOAD_MAX_BYTES + 1),
    });
    expectAppError(huge, 403, 'FORBIDDEN');
    expect(await test.app.deps.storage.has('tests/upload.csv')).toBe(false);
    expect((await put(url, 'a,b\n1,2\n')).statusCode).toBe(204);
    expect((await test.app.deps.storage.get('tests/upload.csv'))?.body.toString()).toBe(
      'a,b\n1,2\n',
    );
  });

  it('counts a chunked upload, which declares no length, as it arrives and keeps none over the limit', async () => {
    const url = await test.app.deps.storage.signedUploadUrl('tests/chunked.csv', { maxBytes: 10 });
    const chunked = (chunks: string[]) =>
      test.app.inject({
        method: 'PUT',
        url,
        headers: { 'content-type': 'text/csv', 'transfer-encoding': 'chunked' },
        payload: Readable.from(chunks.map((chunk) => Buffer.from(chunk))),
      });
    expectAppError(await chunked(['a,b\n', '1,2\n', '3,4\n']), 413, 'PAYLOAD_TOO_LARGE');
    expect(await test.app.deps.storage.has('tests/chunked.csv')).toBe(false);
    expect((await chunked(['a,b\n', '1,2\n'])).statusCode).toBe(204);
    expect((await test.app.deps.storage.get('tests/chunked.csv'))?.body.toString()).toBe(
      'a,b\n1,2\n',
    );
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expectAppError(response, 400, 'VALIDATION');
  });

  it('publishes the OpenAPI document', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json<{ paths: object }>().paths)).toContain('/api/login');
  });

  it('lists the outbox newest first while the outbox transport is active', async () => {
    await test.app.deps.mailer.send({
      to: 'a@acme-industries.com',
      subject: 'first',
      text: 'one',
      html: '<p>one</p>',
    });
    test.clock.advance(1000);
    await test.app.deps.jobs.runDue();
    await test.app.deps.mailer.send({
      to: 'b@acme-industries.com',
      subject: 'second',
      text: 'two',
      html: '<p>two</p>',
    });
    const messages = await test.outbox();
    expect(messages.map((message) => message.subject)).toEqual(['second', 'first']);
    expect(Object.keys(messages[0]!).sort()).toEqual([
      'attachments',
      'createdAt',
      'html',
      'subject',
      'text',
      'to',
    ]);
    expect(messages[0]?.attachments).toEqual([]);
  });

  it('has no outbox route when SMTP is configured', async () => {
    const smtp = await buildTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      expect(smtp.app.deps.mailer.transport.kind).toBe('smtp');
      expectAppError(
        await smtp.app.inject({ method: 'GET', url: '/api/dev/outbox' }),
        404,
        'NOT_FOUND',
      );
    } finally {
      await smtp.close();
    }
  });
});

/** A Content-Security-Policy header as directive → sources. */
function parsePolicy(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name !== undefined && name !== '')
      .map(([name = '', ...sources]) => [name, sources]),
  );
}
