import { Writable } from 'node:stream';
import { pino, type LoggerOptions } from 'pino';
import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { loggerOptions, redactUrl } from './logging.js';

function captureLogger(): { logger: pino.Logger; lines: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  const logger = pino(loggerOptions({ logLevel: 'info' }) as LoggerOptions, stream);
  return { logger, lines: () => chunks.join('') };
}

describe('logging', () => {
  it('hides tokens in mail-link paths and signatures in file addresses', () => {
    expect(redactUrl('/api/register/confirm/abcDEF123_-')).toBe('/api/register/confirm/[REDACTED]');
    expect(redactUrl('/api/team/registration/xyz?x=1')).toBe(
      '/api/team/registration/[REDACTED]?x=1',
    );
    expect(redactUrl('/api/files/photos/a.png?expires=1&signature=s3cr3t')).toBe(
      '/api/files/photos/a.png?expires=1&signature=[REDACTED]',
    );
    expect(redactUrl('/registration_confirm/abc123')).toBe('/registration_confirm/[REDACTED]');
    expect(redactUrl('/invitation_confirm/abc123?lang=es')).toBe(
      '/invitation_confirm/[REDACTED]?lang=es',
    );
    expect(redactUrl('/reset_password/abc123')).toBe('/reset_password/[REDACTED]');
    expect(redactUrl('/email_confirm/abc')).toBe('/email_confirm/[REDACTED]');
    expect(redactUrl('/api/user/email/confirm/abc')).toBe('/api/user/email/confirm/[REDACTED]');
    expect(redactUrl('/v1/financial/getbanks?country=ES&token=nrn_abc')).toBe(
      '/v1/financial/getbanks?country=ES&token=[REDACTED]',
    );
    expect(redactUrl('/api/user')).toBe('/api/user');
  });

  it('redacts passwords, tokens and the Authorization header', () => {
    const { logger, lines } = captureLogger();
    logger.info({
      body: {
        email: 'ana@acme-industries.com',
        password: 'Bright#Moon42',
        oldPassword: 'Old#Moon42',
      },
    });
    logger.info({ session: { token: 'eyJhbGciOi.secret' } });
    logger.info({
      req: { method: 'GET', url: '/api/register/confirm/mailtoken', ip: '127.0.0.1', headers: {} },
    });
    const output = lines();
    expect(output).toContain('ana@acme-industries.com');
    expect(output).not.toContain('Bright#Moon42');
    expect(output).not.toContain('Old#Moon42');
    expect(output).not.toContain('eyJhbGciOi.secret');
    expect(output).not.toContain('mailtoken');
  });

  it('logs a failed query without the values it was given', () => {
    const { logger, lines } = captureLogger();
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: 'Key (email)=(ana@acme-industries.com) already exists.',
    });
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ['ana@acme-industries.com', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA'],
      cause,
    );
    logger.error({ err: error }, 'unhandled error');
    const output = lines();
    expect(output).toContain('insert into \\"users\\"');
    expect(output).toContain('23505');
    expect(output).not.toContain('ana@acme-industries.com');
    expect(output).not.toContain('argon2id');
  });
});
