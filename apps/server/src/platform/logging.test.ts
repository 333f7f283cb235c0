import { Writable } from 'node:stream';
import { pino, type LoggerOptions } from 'pino';
import { describe, expect, it } from 'vitest';
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
});
